/**
 * Whether the app can reach its server, from what the browser says (navigator.onLine and its
 * online/offline events) and from what the service worker saw (a read that failed, served from
 * its cache, or one that reached the server).
 */
export interface OnlineState {
  /** navigator.onLine: false when the device has no network at all. */
  browserOnline: boolean
  /** The last read through the service worker reached the server. */
  serverReachable: boolean
  /** When the oldest kept answer shown since the connection was lost arrived (ms), if any. */
  savedAt: number | null
}

export type OnlineEvent =
  | { type: 'browser'; online: boolean }
  | { type: 'network'; reachable: boolean; savedAt?: number | null }

export const initialOnlineState = (browserOnline: boolean): OnlineState => ({
  browserOnline,
  serverReachable: true,
  savedAt: null,
})

export function nextOnlineState(state: OnlineState, event: OnlineEvent): OnlineState {
  if (event.type === 'browser') {
    // Back on a network: assume the server answers until a read says otherwise.
    return event.online
      ? { browserOnline: true, serverReachable: true, savedAt: null }
      : { ...state, browserOnline: false }
  }
  if (event.reachable) return state.browserOnline ? { ...state, serverReachable: true, savedAt: null } : state
  const savedAt =
    typeof event.savedAt === 'number' && Number.isFinite(event.savedAt)
      ? Math.min(event.savedAt, state.savedAt ?? event.savedAt)
      : state.savedAt
  return { ...state, serverReachable: false, savedAt }
}

export const isOnline = (state: OnlineState) => state.browserOnline && state.serverReachable

/** A message the service worker posts (public/sw.js `tell`), or null for anything else. */
export function readWorkerMessage(data: unknown): OnlineEvent | null {
  if (typeof data !== 'object' || data === null) return null
  const { type, reachable, savedAt } = data as { type?: unknown; reachable?: unknown; savedAt?: unknown }
  if (type !== 'kropla-network' || typeof reachable !== 'boolean') return null
  return { type: 'network', reachable, savedAt: typeof savedAt === 'number' ? savedAt : null }
}
