import { HttpError } from '../../app/http-errors'
import type { Db } from '../../db/client'
import type { UserRow } from '../auth/auth-context'
import { hashPassword } from '../auth/password'
import { createUserTokensDal, type UserTokenKind } from './user-tokens-dal'
import { createUsersDal } from './users-dal'

/**
 * Redeems a one-time link (password reset or invitation): sets the password, clears `invited`,
 * uses the token up and ends every session of the user, all in one transaction. An unknown,
 * expired or used link is `link_invalid`; of two uses of one link only the first succeeds.
 */
export async function setPasswordByLink(
  db: Db,
  input: { kind: UserTokenKind; token: string; password: string; now: Date },
): Promise<UserRow> {
  if (!(await createUserTokensDal(db).findValid(input.kind, input.token, input.now))) {
    throw new HttpError('link_invalid')
  }
  const passwordHash = await hashPassword(input.password)
  return db.transaction(async (tx) => {
    const userId = await createUserTokensDal(tx).consume(input.kind, input.token, input.now)
    if (userId === null) throw new HttpError('link_invalid')
    const users = createUsersDal(tx)
    const user = await users.update(userId, { password_hash: passwordHash, invited: false })
    if (!user) throw new HttpError('link_invalid')
    await users.removeSessions(userId)
    return user
  })
}
