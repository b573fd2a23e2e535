import type { RefusedSession } from './auth-context'

/** The provider's mailboxes named in the blocked and expired messages (ORDER_EMAIL, SUPPORT_EMAIL). */
export interface Mailboxes {
  order: string
  support: string
}

export type AccessRefusal = Pick<RefusedSession, 'code' | 'params'>

/**
 * Whether a client account may be used now: a blocked account is refused with the support
 * mailbox, an expired one (expires_at not in the future) with the order and support mailboxes
 * (spec 01 section 1).
 */
export function accessRefusal(
  client: { blocked: boolean; expires_at: Date | null },
  now: Date,
  mailboxes: Mailboxes,
): AccessRefusal | null {
  if (client.blocked) return { code: 'account_blocked', params: { support: mailboxes.support } }
  if (client.expires_at && client.expires_at.getTime() <= now.getTime())
    return { code: 'account_expired', params: { order: mailboxes.order, support: mailboxes.support } }
  return null
}
