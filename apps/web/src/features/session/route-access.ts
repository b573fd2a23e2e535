export type SessionState = 'loading' | 'anonymous' | 'authenticated' | 'failed'

export type AccessDecision =
  | { kind: 'render' }
  | { kind: 'wait' }
  | { kind: 'failed' }
  | { kind: 'redirect'; to: string }

/**
 * Spec 01 section 2: public screens are for visitors, so a logged-in user goes to the start;
 * every other screen needs a session, so a visitor goes to /login. A session that could not be
 * checked (server down) still lets the login screen show.
 */
export function decideAccess(area: 'public' | 'private', session: SessionState): AccessDecision {
  if (session === 'loading') return { kind: 'wait' }
  if (area === 'public')
    return session === 'authenticated' ? { kind: 'redirect', to: '/' } : { kind: 'render' }
  if (session === 'authenticated') return { kind: 'render' }
  if (session === 'anonymous') return { kind: 'redirect', to: '/login' }
  return { kind: 'failed' }
}
