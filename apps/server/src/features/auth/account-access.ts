import { userTypes } from '@kropla/domain'
import type { AccountAccessDal } from './account-access-dal'

export class AccessInputError extends Error {}

/**
 * Operator tasks on who may enter which client account (the command line; the operator area
 * comes later): block, unblock, expiry, and assigning a user to a further account.
 */
export function createAccountAccess(dal: AccountAccessDal) {
  async function clientNamed(name: string) {
    const client = await dal.findClientNamed(name)
    if (!client) throw new AccessInputError(`No client account named ${name}.`)
    return client
  }

  return {
    /** Blocks the account and ends every session working in it; returns the ended session ids. */
    async block(name: string) {
      const client = await clientNamed(name)
      await dal.setBlocked(client.id, true)
      return { client, endedSessions: await dal.removeSessionsOfClient(client.id) }
    },
    async unblock(name: string) {
      const client = await clientNamed(name)
      await dal.setBlocked(client.id, false)
      return client
    },
    /** Sets the moment the account stops working (null: never). */
    async expire(name: string, at: Date | null) {
      const client = await clientNamed(name)
      await dal.setExpiry(client.id, at)
      return client
    },
    /** Lets a user work in a further client account with the given type there (admin or normal). */
    async assign(input: { email: string; clientName: string; type: 'admin' | 'normal' }) {
      const user = await dal.findUserByEmail(input.email.trim())
      if (!user) throw new AccessInputError(`No user with e-mail ${input.email}.`)
      const client = await clientNamed(input.clientName)
      if (client.id === user.id_client)
        throw new AccessInputError(`${client.name} is the user's own client account already.`)
      await dal.assignToClient(user.id, client.id, userTypes[input.type])
      return { user, client }
    },
  }
}

/** `YYYY-MM-DD` as the start of that day in UTC. */
export function parseExpiryDate(text: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
  const date = match ? new Date(`${text}T00:00:00.000Z`) : null
  if (!date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text)
    throw new AccessInputError(`Not a date (YYYY-MM-DD): ${text}`)
  return date
}
