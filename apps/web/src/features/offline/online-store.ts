import {
  initialOnlineState,
  isOnline,
  nextOnlineState,
  type OnlineEvent,
  type OnlineState,
  readWorkerMessage,
} from './online-state'

type Listener = () => void

/** How often the app asks whether the server answers again while it does not. */
export const probeEveryMs = 10_000
/**
 * A read the service worker leaves to the network (it keeps no copy of it) and the server answers
 * at once: any answer, even "not signed in", means the server is reachable.
 */
const probePath = '/api/about'

/**
 * The app's one view of whether it is online (see online-state.ts), fed by the window's
 * online/offline events and the service worker's messages; React reads it with useOnline(). While
 * the server does not answer it asks again every few seconds (a browser does not always say when
 * the network is back: a phone in a dead zone often still "has" a network).
 */
export function createOnlineStore(
  target: Window,
  doFetch: typeof fetch = (input, init) => target.fetch(input, init),
) {
  let state: OnlineState = initialOnlineState(target.navigator.onLine)
  const listeners = new Set<Listener>()
  let probeTimer: number | null = null

  const probe = () => {
    doFetch(probePath, { cache: 'no-store', credentials: 'same-origin' }).then(
      () => dispatch({ type: 'network', reachable: true }),
      () => undefined,
    )
  }
  const dispatch = (event: OnlineEvent) => {
    const next = nextOnlineState(state, event)
    if (next === state) return
    state = next
    const probing = !isOnline(state) && listeners.size > 0
    if (probing && probeTimer === null) probeTimer = target.setInterval(probe, probeEveryMs)
    if (!probing && probeTimer !== null) {
      target.clearInterval(probeTimer)
      probeTimer = null
    }
    for (const listener of listeners) listener()
  }
  const onOnline = () => {
    dispatch({ type: 'browser', online: true })
    probe()
  }
  const onOffline = () => dispatch({ type: 'browser', online: false })
  const onMessage = (message: MessageEvent) => {
    const event = readWorkerMessage(message.data)
    if (event) dispatch(event)
  }
  const worker = 'serviceWorker' in target.navigator ? target.navigator.serviceWorker : null
  return {
    getState: () => state,
    dispatch,
    subscribe(listener: Listener) {
      if (listeners.size === 0) {
        state = nextOnlineState(state, { type: 'browser', online: target.navigator.onLine })
        target.addEventListener('online', onOnline)
        target.addEventListener('offline', onOffline)
        worker?.addEventListener('message', onMessage)
      }
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
        if (listeners.size > 0) return
        target.removeEventListener('online', onOnline)
        target.removeEventListener('offline', onOffline)
        worker?.removeEventListener('message', onMessage)
        if (probeTimer !== null) target.clearInterval(probeTimer)
        probeTimer = null
      }
    },
  }
}

export type OnlineStore = ReturnType<typeof createOnlineStore>

let shared: OnlineStore | null = null
/** The page's store, made on first use. */
export function onlineStore(): OnlineStore {
  shared ??= createOnlineStore(window)
  return shared
}
