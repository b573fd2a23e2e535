import { messageRoutes } from '@kropla/domain'
import type { FastifyInstance } from 'fastify'
import { registerRoute } from '../../app/route-table'
import { requireAdminus, requireUser } from '../auth/auth-hooks'
import type { MessagesService } from './messages-service'

/**
 * `/api/user_messages`: the session user's own messages (read, unread, delete);
 * `/api/admin/messages` and `/api/admin/message_templates`: the operator's (Adminus) side.
 */
export function registerMessagesRoutes(app: FastifyInstance, deps: { messages: MessagesService }) {
  const { messages } = deps
  const user = { preValidation: requireUser }
  const operator = { preValidation: requireAdminus }

  registerRoute(app, messageRoutes.listOwn, user, (request) => messages.list(request.auth!.user.id))
  registerRoute(app, messageRoutes.getOwn, user, (request) =>
    messages.get(request.auth!.user.id, request.params.id),
  )
  registerRoute(app, messageRoutes.markOwnRead, user, (request) =>
    messages.setRead(request.auth!.user.id, request.params.id, request.body.read),
  )
  registerRoute(app, messageRoutes.removeOwn, user, async (request) => {
    await messages.remove(request.auth!.user.id, request.params.id)
    return { ok: true as const }
  })

  registerRoute(app, messageRoutes.list, operator, () => messages.listAll())
  registerRoute(app, messageRoutes.create, operator, async (request, reply) =>
    reply.code(201).send(await messages.publish(request.auth!.user.id, request.body)),
  )
  registerRoute(app, messageRoutes.remove, operator, async (request) => {
    await messages.withdraw(request.params.id)
    return { ok: true as const }
  })
  registerRoute(app, messageRoutes.listTemplates, operator, () => messages.listTemplates())
  registerRoute(app, messageRoutes.createTemplate, operator, async (request, reply) =>
    reply.code(201).send(await messages.createTemplate(request.body)),
  )
  registerRoute(app, messageRoutes.updateTemplate, operator, (request) =>
    messages.updateTemplate(request.params.id, request.body),
  )
  registerRoute(app, messageRoutes.removeTemplate, operator, async (request) => {
    await messages.removeTemplate(request.params.id)
    return { ok: true as const }
  })
}
