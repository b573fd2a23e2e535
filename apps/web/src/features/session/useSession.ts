import type { MeResponse } from '@kropla/domain'
import { useMe } from './useMe'

/** The logged-in user's `/api/me`, for screens that only render behind RequireSession. */
export function useSession(): MeResponse {
  const { data } = useMe()
  if (!data) throw new Error('useSession is only for screens behind RequireSession')
  return data
}
