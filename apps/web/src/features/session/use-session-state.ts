import type { SessionState } from './route-access'
import { useMe } from './use-me'

export function useSessionState(): SessionState {
  const { data, status } = useMe()
  if (status === 'pending') return 'loading'
  if (data) return 'authenticated'
  // A failed refetch keeps the last good answer in `data`, so only a failure with nothing known counts.
  return status === 'error' ? 'failed' : 'anonymous'
}
