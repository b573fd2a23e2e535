import type { MeResponse } from '@kropla/domain'
import { useContext } from 'react'
import { SessionContext } from './SessionProvider'

/** The logged-in user's `/api/me`, for screens behind the private route guard. */
export function useSession(): MeResponse {
  const session = useContext(SessionContext)
  if (!session) throw new Error('useSession is only for screens behind the private route guard')
  return session
}
