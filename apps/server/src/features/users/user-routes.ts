import {
  accountUserSchema,
  apiErrorSchema,
  deleteOwnUserSchema,
  idParamsSchema,
  invitationSentSchema,
  inviteUserSchema,
  langAnswerSchema,
  langRequestSchema,
  okAnswerSchema,
  updateUserSchema,
} from '@kropla/domain'
import type { Lang } from '@kropla/i18n'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { pickLangFromRequest } from '../../app/request-lang'
import type { LinkOrigin } from '../../mail/link-origin'
import { requireAdmin, requireUser } from '../auth/auth-hooks'
import type { BrowserSessions } from '../auth/browser-sessions'
import type { AccountUsersService } from './account-users-service'
import type { UsersDal } from './users-dal'

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema }

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
  const routes = app.withTypeProvider<ZodTypeProvider>()
  routes.put(
    '/api/users/lang',
    {
      preValidation: requireUser,
      schema: {
        tags: ['users'],
        summary: "Store the user's interface language",
        body: langRequestSchema,
        response: { 200: langAnswerSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      await deps.users.setLang(request.auth!.user.id, request.body.lang)
      await deps.onLangChange?.(request.auth!.user.id_client, request.body.lang)
      return { lang: request.body.lang }
    },
  )

  routes.get(
    '/api/users',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['users'],
        summary: 'Users of the current client account (admin)',
        response: { 200: z.array(accountUserSchema), ...errors },
      },
    },
    (request) => deps.accountUsers.list(request.auth!.user.id_client),
  )

  routes.post(
    '/api/users/invite',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['users'],
        summary:
          'Invite a user by e-mail: they get a link to set their password (admin); an address with an account elsewhere gets the same answer and a mail saying nothing changed',
        body: inviteUserSchema,
        response: { 202: invitationSentSchema, ...errors, 500: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const sent = await deps.accountUsers.invite(request.auth!.user, request.body, {
        origin: deps.linkOrigin.forRequest(request),
        lang: pickLangFromRequest(request),
      })
      return reply.code(202).send(sent)
    },
  )

  routes.delete(
    '/api/users/me',
    {
      preValidation: requireUser,
      schema: {
        tags: ['users'],
        summary: "Delete one's own user account (needs the password); the session ends",
        body: deleteOwnUserSchema,
        response: { 200: okAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      await deps.accountUsers.removeOwn(request.auth!.user.id, request.body.password)
      request.auth = null
      deps.browserSessions.clear(reply)
      return { ok: true as const }
    },
  )

  routes.put(
    '/api/users/:id',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['users'],
        summary: 'Edit a user of the current client account (admin); the last admin stays an admin',
        params: idParamsSchema,
        body: updateUserSchema,
        response: { 200: accountUserSchema, ...errors },
      },
    },
    (request) => deps.accountUsers.update(request.auth!.user, request.params.id, request.body),
  )

  routes.delete(
    '/api/users/:id',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['users'],
        summary:
          'Delete another user of the current client account (admin); the last admin cannot be removed; oneself: DELETE /api/users/me',
        params: idParamsSchema,
        response: { 200: okAnswerSchema, ...errors },
      },
    },
    async (request) => {
      await deps.accountUsers.remove(request.auth!.user, request.params.id)
      return { ok: true as const }
    },
  )
}
