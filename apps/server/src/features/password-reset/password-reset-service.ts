import { passwordResetLinkMinutes } from '@kropla/domain'
import { pickLang } from '@kropla/i18n'
import type { Logger } from 'pino'
import type { Db } from '../../db/client'
import { passwordResetMail } from '../../mail/account-mail'
import type { Mailer } from '../../mail/mailer'
import type { AccountRealtime } from '../users/realtime-port'
import { setPasswordByLink } from '../users/set-password-by-link'
import { createUserTokensDal } from '../users/user-tokens-dal'
import { createUsersDal } from '../users/users-dal'

export interface PasswordResetDeps {
  db: Db
  mailer: Mailer
  realtime: Pick<AccountRealtime, 'endUserSessions'>
  logger: Logger
  now?: () => Date
}

/** /pass_reset (spec 01 section 2): a one-time link by mail, then a new password. */
export function createPasswordResetService(deps: PasswordResetDeps) {
  const now = deps.now ?? (() => new Date())
  const users = createUsersDal(deps.db)
  const tokens = createUserTokensDal(deps.db)
  return {
    /**
     * Step 1: mails a link to the user with that e-mail in the account of that name. Answers the
     * same whether or not there is such a user (no way to learn who has an account), and a mail
     * that could not be sent is logged for the operator, not told to the asker.
     */
    async request(
      input: { account_name: string; email: string; lang?: 'en' | 'pl' },
      context: { origin: string; acceptLanguage?: string },
    ) {
      const user = await users.findByEmailAndClientName(input.email, input.account_name)
      if (!user) {
        deps.logger.info('password reset asked for an unknown account name and e-mail: nothing mailed')
        return
      }
      const client = await users.findClient(user.id_client)
      const expiresAt = new Date(now().getTime() + passwordResetLinkMinutes * 60_000)
      const token = await tokens.issue('password_reset', user.id, expiresAt)
      const lang = pickLang([input.lang, user.lang, context.acceptLanguage])
      const mail = passwordResetMail(lang, {
        link: `${context.origin}/#/pass_reset?token=${token}`,
        email: user.email,
        account: client?.name ?? input.account_name,
        minutes: passwordResetLinkMinutes,
      })
      try {
        await deps.mailer.send({ to: user.email, ...mail })
      } catch (error) {
        deps.logger.error({ err: error }, 'password reset mail not sent')
      }
    },

    /** Step 2: the new password; every session of the user ends (the password has changed). */
    async confirm(input: { token: string; password: string }) {
      const user = await setPasswordByLink(deps.db, {
        kind: 'password_reset',
        token: input.token,
        password: input.password,
        now: now(),
      })
      deps.realtime.endUserSessions(user.id)
    },
  }
}
export type PasswordResetService = ReturnType<typeof createPasswordResetService>
