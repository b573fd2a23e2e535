import { useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import { isOnline, type OnlineState } from './online-state'
import { onlineStore } from './online-store'

/** The element that says why (OfflineReason): disabled buttons name it in aria-describedby. */
export const offlineReasonId = 'offline-reason'
/** The banner's line that says actions wait for the server: for screens without an OfflineReason. */
export const offlineBannerReasonId = 'offline-banner-actions'

export interface Online {
  /** The server can be reached: actions that need it may be offered. */
  online: boolean
  state: OnlineState
  /** Why an action that needs the server is disabled now (in the user's language), null online. */
  reason: string | null
}

/**
 * Whether the app is online, for the offline banner and for every action that needs the server:
 * offline such an action is disabled and says why, never queued silently (issue 16, item 15).
 */
export function useOnline(): Online {
  const { t } = useTranslation()
  const store = onlineStore()
  const state = useSyncExternalStore(store.subscribe, store.getState)
  const online = isOnline(state)
  return { online, state, reason: online ? null : t('offline.action_reason') }
}

/**
 * Props for a button whose action needs the server: offline it is disabled and described by the
 * screen's OfflineReason; online nothing. Spread last (it decides `disabled` while offline).
 */
export function useNeedsServer(describedBy: string = offlineReasonId): {
  disabled?: true
  'aria-describedby'?: string
} {
  const { online } = useOnline()
  return online ? {} : { disabled: true, 'aria-describedby': describedBy }
}
