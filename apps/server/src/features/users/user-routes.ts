import { userRoutes } from '@kropla/domain'
import type { Lang } from '@kropla/i18n'
import type { FastifyInstance } from 'fastify'
import { pickLangFromRequest } from '../../app/request-lang'
import { registerRoute } from '../../app/route-table'
import type { LinkOrigin } from '../../mail/link-origin'
import { requireAdmin, requireUser } from '../auth/auth-hooks'
import type { BrowserSessions } from '../auth/browser-sessions'
import type { AccountUsersService } from './account-users-service'
import type { UsersDal } from './users-dal'

export interface UserRouteDeps {
  users: UsersDal
  accountUsers: AccountUsersService
  browserSessions: BrowserSessions
  /** Where the invitation's link points (mail/link-origin.ts). */
  linkOrigin: LinkOrigin
  /** After the user stores a language: the demo relabels its farm. */
  onLangChange?: (idClient: number, lang: Lang) => Promise<void>
}

export function registerUserRoutes(app: FastifyInstance, deps: UserRouteDeps) {
  registerRoute(app, userRoutes.updateLang, { preValidation: requireUser }, async (request) => {
    await deps.users.setLang(request.auth!.user.id, request.body.lang)
    await deps.onLangChange?.(request.auth!.user.id_client, request.body.lang)
    return { lang: request.body.lang }
  })

  registerRoute(app, userRoutes.list, { preValidation: requireAdmin }, (request) =>
    deps.accountUsers.list(request.auth!.user.id_client),
  )

  registerRoute(app, userRoutes.invite, { preValidation: requireAdmin }, async (request, reply) => {
    const sent = await deps.accountUsers.invite(request.auth!.user, request.body, {
      origin: deps.linkOrigin.forRequest(request),
      lang: pickLangFromRequest(request),
    })
    return reply.code(202).send(sent)
  })

  registerRoute(app, userRoutes.removeOwn, { preValidation: requireUser }, async (request, reply) => {
    await deps.accountUsers.removeOwn(request.auth!.user.id, request.body.password)
    request.auth = null
    deps.browserSessions.clear(reply)
    return { ok: true as const }
  })

  registerRoute(app, userRoutes.update, { preValidation: requireAdmin }, (request) =>
    deps.accountUsers.update(request.auth!.user, request.params.id, request.body),
  )

  registerRoute(app, userRoutes.remove, { preValidation: requireAdmin }, async (request) => {
    await deps.accountUsers.remove(request.auth!.user, request.params.id)
    return { ok: true as const }
  })
}
