import { useEffect, useSyncExternalStore } from 'react'

/**
 * The installed app's icon badge (Badging API, issue 16 item 6): the number of active alarms, kept
 * in step with the header's count while the app is open. Where the API is missing nothing is
 * called and the badge screen says so.
 */

interface BadgeNavigator {
  setAppBadge?: (contents?: number) => Promise<void>
  clearAppBadge?: () => Promise<void>
}

/** What the last sync did: the number shown, cleared, not possible here, or refused by the browser. */
export type BadgeOutcome =
  | { kind: 'none' }
  | { kind: 'set'; count: number }
  | { kind: 'cleared' }
  | { kind: 'unsupported' }
  | { kind: 'failed' }

/** Shows `count` on the icon (clears it at 0); never throws. */
export async function syncAppBadge(
  count: number,
  navigator: BadgeNavigator | undefined = typeof globalThis.navigator === 'undefined'
    ? undefined
    : (globalThis.navigator as BadgeNavigator),
): Promise<BadgeOutcome> {
  if (typeof navigator?.setAppBadge !== 'function' || typeof navigator.clearAppBadge !== 'function')
    return { kind: 'unsupported' }
  try {
    if (count > 0) {
      await navigator.setAppBadge(count)
      return { kind: 'set', count }
    }
    await navigator.clearAppBadge()
    return { kind: 'cleared' }
  } catch {
    // Refused (a browser that allows it to installed apps only may say so): the screen tells.
    return { kind: 'failed' }
  }
}

let last: BadgeOutcome = { kind: 'none' }
const listeners = new Set<() => void>()

function record(outcome: BadgeOutcome) {
  last = outcome
  for (const listener of listeners) listener()
}

/** The last sync's outcome, for the badge screen. */
export function useBadgeOutcome(): BadgeOutcome {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => last,
    () => last,
  )
}

/**
 * Keeps the icon's number equal to `active` (undefined while the count is not known yet); clears it
 * when the header goes (logging out), so the icon never shows another user's alarms.
 */
export function useAppBadgeSync(active: number | undefined): void {
  useEffect(
    () => () => {
      void syncAppBadge(0).then(record)
    },
    [],
  )
  useEffect(() => {
    if (active === undefined) return
    let isCurrent = true
    void syncAppBadge(active).then((outcome) => {
      if (isCurrent) record(outcome)
    })
    return () => {
      isCurrent = false
    }
  }, [active])
}
