import {
  type AccountUser,
  type InvitationSent,
  invitationLinkDays,
  isAdmin,
  isAdminus,
  userTypeSchema,
} from '@kropla/domain'
import { type Lang, pickLang } from '@kropla/i18n'
import type { Logger } from 'pino'
import { HttpError } from '../../app/http-errors'
import type { Db } from '../../db/client'
import type { Executor } from '../../db/executor'
import { isUniqueViolation } from '../../db/unique-violation'
import { invitationExistingMail, invitationMail } from '../../mail/account-mail'
import type { Mailer } from '../../mail/mailer'
import type { UserRow } from '../auth/auth-context'
import { verifyPassword } from '../auth/password'
import { createClientsDal } from '../clients/clients-dal'
import type { AccountRealtime } from './realtime-port'
import { createUserTokensDal } from './user-tokens-dal'
import { createUsersDal } from './users-dal'

export function toAccountUser(user: UserRow): AccountUser {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    family_name: user.family_name,
    phone: user.phone,
    description: user.description,
    type: userTypeSchema.catch(2).parse(user.type),
    invited: user.invited,
    created_at: user.created_at.toISOString(),
    updated_at: user.updated_at.toISOString(),
  }
}

export interface AccountUsersDeps {
  db: Db
  mailer: Mailer
  realtime: AccountRealtime
  logger: Logger
  now?: () => Date
}

/**
 * Settings > users (spec 01 sections 5 and 6), for the admin of a client account. Every operation
 * is scoped to the admin's current client account: another account's user is `not_found`.
 */
export function createAccountUsersService(deps: AccountUsersDeps) {
  const now = deps.now ?? (() => new Date())
  const users = createUsersDal(deps.db)

  /** Loads the target inside the transaction, with the account locked so the admin count holds. */
  async function lockTarget(db: Executor, admin: UserRow, id: number) {
    await createClientsDal(db).lockById(admin.id_client)
    const target = await createUsersDal(db).findInClient(admin.id_client, id)
    if (!target) throw new HttpError('not_found')
    // The operator's own users are theirs to manage.
    if (isAdminus(target.type) && !isAdminus(admin.type)) throw new HttpError('access_denied')
    return target
  }

  /** Tells an address invited while it has an account elsewhere; a failure is only logged (same answer). */
  async function mailExistingAccount(
    admin: UserRow,
    existing: UserRow,
    input: { lang?: Lang },
    context: { lang: Lang },
  ) {
    const client = await users.findClient(admin.id_client)
    const lang = pickLang([existing.lang, input.lang, context.lang])
    const mail = invitationExistingMail(lang, {
      email: existing.email,
      account: client?.name ?? '',
      inviter: `${admin.name} ${admin.family_name}`.trim() || admin.email,
    })
    try {
      await deps.mailer.send({ to: existing.email, ...mail })
    } catch (error) {
      deps.logger.error({ err: error }, 'invitation notice to an existing account not sent')
    }
  }

  return {
    async list(idClient: number): Promise<AccountUser[]> {
      return (await users.listByClient(idClient)).map(toAccountUser)
    },

    /**
     * Creates the user as `invited` (no password) and mails them the link to the first-run
     * set-password screen. `email_in_use` only for a user of the admin's own account (already in
     * their list); an address with an account elsewhere gets the same answer as a new one, so no
     * admin can probe who uses Kropla, and that address is mailed that nothing was changed.
     */
    async invite(
      admin: UserRow,
      input: { email: string; name: string; family_name: string; type: 1 | 2; lang?: Lang },
      context: { origin: string; lang: Lang },
    ): Promise<InvitationSent> {
      const existing = await users.findByEmail(input.email)
      if (existing?.id_client === admin.id_client) throw new HttpError('email_in_use')
      if (existing) {
        await mailExistingAccount(admin, existing, input, context)
        return { email: existing.email }
      }
      const expiresAt = new Date(now().getTime() + invitationLinkDays * 24 * 60 * 60_000)
      let created: { user: UserRow; token: string }
      try {
        created = await deps.db.transaction(async (tx) => {
          const user = await createUsersDal(tx).insert({
            id_client: admin.id_client,
            email: input.email,
            name: input.name,
            family_name: input.family_name,
            type: input.type,
            lang: input.lang ?? null,
            invited: true,
            password_hash: null,
          })
          const token = await createUserTokensDal(tx).issue('invitation', user.id, expiresAt)
          return { user, token }
        })
      } catch (error) {
        // Made meanwhile by someone else: answered like any address that has an account.
        if (isUniqueViolation(error, 'users_email_unique')) return { email: input.email }
        throw error
      }
      const client = await users.findClient(admin.id_client)
      const lang = pickLang([input.lang, context.lang])
      const mail = invitationMail(lang, {
        link: `${context.origin}/#/invitation?token=${created.token}`,
        email: created.user.email,
        account: client?.name ?? '',
        inviter: `${admin.name} ${admin.family_name}`.trim() || admin.email,
        days: invitationLinkDays,
      })
      try {
        await deps.mailer.send({ to: created.user.email, ...mail })
      } catch (error) {
        deps.logger.error({ err: error }, 'invitation mail not sent')
        await users.remove(created.user.id)
        throw new HttpError('changes_not_saved')
      }
      return { email: created.user.email }
    },

    /**
     * Edits a user of the account. The last admin cannot become a normal user (`last_admin`);
     * a changed type is pushed to the user's sockets as `user_client_change`.
     */
    async update(
      admin: UserRow,
      id: number,
      input: { name: string; family_name: string; phone: string; description: string; type: 1 | 2 },
    ): Promise<AccountUser> {
      const { before, after } = await deps.db.transaction(async (tx) => {
        const target = await lockTarget(tx, admin, id)
        const type = isAdminus(target.type) ? target.type : input.type
        if (
          isAdmin(target.type) &&
          !isAdmin(type) &&
          (await createUsersDal(tx).countAdmins(admin.id_client)) <= 1
        ) {
          throw new HttpError('last_admin')
        }
        const updated = await createUsersDal(tx).update(target.id, {
          name: input.name,
          family_name: input.family_name,
          phone: input.phone,
          description: input.description,
          type,
        })
        return { before: target, after: updated! }
      })
      if (before.type !== after.type) {
        deps.realtime.toUser(after.id).emit('user_client_change', {
          id_client: admin.id_client,
          type: 'type_changed',
          user_type: userTypeSchema.catch(2).parse(after.type),
        })
      }
      return toAccountUser(after)
    },

    /**
     * Deletes another user of the account (oneself: DELETE /api/users/me). The last admin stays;
     * the user's sockets get `user_client_change` and then `log_out`.
     */
    async remove(admin: UserRow, id: number) {
      if (id === admin.id) throw new HttpError('access_denied')
      const target = await deps.db.transaction(async (tx) => {
        const found = await lockTarget(tx, admin, id)
        if (isAdmin(found.type) && (await createUsersDal(tx).countAdmins(admin.id_client)) <= 1) {
          throw new HttpError('last_admin')
        }
        await createUsersDal(tx).remove(found.id)
        return found
      })
      deps.realtime.toUser(target.id).emit('user_client_change', {
        id_client: admin.id_client,
        type: 'deleted',
        user_type: userTypeSchema.catch(2).parse(target.type),
      })
      deps.realtime.endUserSessions(target.id)
    },

    /**
     * Deletes one's own user account: the password must be right (`password_incorrect`), and the
     * last admin of the account cannot leave it (`last_admin`). Every session of the user ends.
     */
    async removeOwn(userId: number, password: string) {
      const stored = await users.findById(userId)
      if (!stored?.password_hash || !(await verifyPassword(password, stored.password_hash))) {
        throw new HttpError('password_incorrect')
      }
      await deps.db.transaction(async (tx) => {
        await createClientsDal(tx).lockById(stored.id_client)
        const user = await createUsersDal(tx).findById(userId)
        if (!user) throw new HttpError('not_found')
        if (isAdmin(user.type) && (await createUsersDal(tx).countAdmins(user.id_client)) <= 1) {
          throw new HttpError('last_admin')
        }
        await createUsersDal(tx).remove(user.id)
      })
      deps.realtime.endUserSessions(userId)
    },
  }
}
export type AccountUsersService = ReturnType<typeof createAccountUsersService>
