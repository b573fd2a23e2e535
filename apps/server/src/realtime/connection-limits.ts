import type { SocketLimitCode } from '@kropla/domain'

export interface ConnectionLimits {
  /** Concurrent sockets of one user (SOCKET_MAX_PER_USER). */
  perUser: number
  /** Concurrent sockets from one remote address, whoever they are (SOCKET_MAX_PER_ADDRESS). */
  perAddress: number
}

export type Admission =
  | { ok: true; release: () => void }
  | { ok: false; code: SocketLimitCode; limit: number }

/**
 * Counts this process's open sockets per user and per remote address. `admit` takes a place for a
 * new socket, in the same turn as it checks, so handshakes finishing together cannot all slip
 * under the limit; `release` (idempotent) gives it back when the socket goes. The user's limit is
 * checked first: its wording tells the person to close windows, which is what usually helps.
 */
export function createConnectionCounter(limits: ConnectionLimits) {
  const byUser = new Map<number, number>()
  const byAddress = new Map<string, number>()
  const add = <K>(counts: Map<K, number>, key: K, step: number) => {
    const next = (counts.get(key) ?? 0) + step
    if (next > 0) counts.set(key, next)
    else counts.delete(key)
  }
  return {
    admit(userId: number, address: string): Admission {
      if ((byUser.get(userId) ?? 0) >= limits.perUser)
        return { ok: false, code: 'too_many_connections_user', limit: limits.perUser }
      if ((byAddress.get(address) ?? 0) >= limits.perAddress)
        return { ok: false, code: 'too_many_connections_address', limit: limits.perAddress }
      add(byUser, userId, 1)
      add(byAddress, address, 1)
      let released = false
      return {
        ok: true,
        release() {
          if (released) return
          released = true
          add(byUser, userId, -1)
          add(byAddress, address, -1)
        },
      }
    },
  }
}
