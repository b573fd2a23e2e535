import type { startRealtime } from '../../realtime/socket-server'

type Realtime = Awaited<ReturnType<typeof startRealtime>>

/** What account management needs from realtime: end sessions' sockets, reach one user's sockets. */
export type AccountRealtime = Pick<Realtime, 'endSession' | 'endUserSessions' | 'toUser'>
