import type { MeResponse } from '@kropla/domain'
import { createContext, type ReactNode } from 'react'

export const SessionContext = createContext<MeResponse | null>(null)

/**
 * The route guard hands the session down instead of each screen reading the query: when the
 * session ends, the guard swaps to a redirect in the same render, so no screen ever sees it gone.
 */
export function SessionProvider({ session, children }: { session: MeResponse; children: ReactNode }) {
  return <SessionContext value={session}>{children}</SessionContext>
}
