import { HttpError } from '../../app/http-errors'
import type { Db } from '../../db/client'
import type { UserRow } from '../auth/auth-context'
import { setPasswordByLink } from '../users/set-password-by-link'
import { createUserTokensDal } from '../users/user-tokens-dal'

/** The first-run set-password screen of an invited user (the link mailed by users management). */
export function createInvitationService(deps: { db: Db; now?: () => Date }) {
  const now = deps.now ?? (() => new Date())
  const tokens = createUserTokensDal(deps.db)
  return {
    /** Who the link invites, and to which account; `link_invalid` when unknown, expired or used. */
    async describe(token: string): Promise<{ email: string; client_name: string }> {
      const found = await tokens.findValid('invitation', token, now())
      if (!found) throw new HttpError('link_invalid')
      return { email: found.user.email, client_name: found.client_name }
    },
    /** Sets the password and clears `invited`; the link works once. */
    accept(input: { token: string; password: string }): Promise<UserRow> {
      return setPasswordByLink(deps.db, { kind: 'invitation', ...input, now: now() })
    },
  }
}
export type InvitationService = ReturnType<typeof createInvitationService>
