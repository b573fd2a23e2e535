import type { LoginThrottle } from '../auth/login-throttle'
import type { SessionService } from '../auth/session-service'

export interface SessionHousekeepingDeps {
  sessions: Pick<SessionService, 'purgeExpired'>
  throttle: Pick<LoginThrottle, 'purgeStale'>
  /** Logs out the sockets of sessions that stopped working (see Realtime.checkSockets). */
  checkSockets: () => Promise<unknown>
}

/**
 * One pass of housekeeping (the composition root repeats it): deletes timed-out sessions and
 * forgotten login-failure counters, and logs out sockets whose session ended elsewhere (revoked
 * from another process, the command line blocking the account, a time-out). Sessions are also
 * refused lazily when presented, so this is tidying and the reach to open sockets, not the
 * security boundary.
 */
export function sessionHousekeeping(deps: SessionHousekeepingDeps): () => Promise<void> {
  return async () => {
    await deps.sessions.purgeExpired()
    await deps.throttle.purgeStale()
    await deps.checkSockets()
  }
}
