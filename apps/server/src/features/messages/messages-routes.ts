import {
  adminMessageSchema,
  apiErrorSchema,
  idParamsSchema,
  messageTemplateSchema,
  okAnswerSchema,
  saveMessageSchema,
  saveMessageTemplateSchema,
  userMessageSchema,
} from '@kropla/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requireAdminus, requireUser } from '../auth/auth-hooks'
import type { MessagesService } from './messages-service'

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema }
const writeErrors = { ...errors, 409: apiErrorSchema, 500: apiErrorSchema }

/**
 * `/api/user_messages`: the session user's own messages (read, unread, delete);
 * `/api/admin/messages` and `/api/admin/message_templates`: the operator's (Adminus) side.
 */
export function registerMessagesRoutes(app: FastifyInstance, deps: { messages: MessagesService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const { messages } = deps
  const user = { preValidation: requireUser }
  const operator = { preValidation: requireAdminus }
  const userTags = ['messages']
  const adminTags = ['admin']

  routes.get(
    '/api/user_messages',
    {
      ...user,
      schema: {
        tags: userTags,
        summary: 'My messages, newest first',
        response: { 200: z.array(userMessageSchema), ...errors },
      },
    },
    (request) => messages.list(request.auth!.user.id),
  )
  routes.get(
    '/api/user_messages/:id',
    {
      ...user,
      schema: {
        tags: userTags,
        summary: 'One of my messages',
        params: idParamsSchema,
        response: { 200: userMessageSchema, ...errors },
      },
    },
    (request) => messages.get(request.auth!.user.id, request.params.id),
  )
  routes.put(
    '/api/user_messages/:id/read',
    {
      ...user,
      schema: {
        tags: userTags,
        summary: 'Mark one of my messages read or unread',
        params: idParamsSchema,
        body: z.object({ read: z.boolean() }),
        response: { 200: userMessageSchema, ...writeErrors },
      },
    },
    (request) => messages.setRead(request.auth!.user.id, request.params.id, request.body.read),
  )
  routes.delete(
    '/api/user_messages/:id',
    {
      ...user,
      schema: {
        tags: userTags,
        summary: 'Delete one of my messages',
        params: idParamsSchema,
        response: { 200: okAnswerSchema, ...writeErrors },
      },
    },
    async (request) => {
      await messages.remove(request.auth!.user.id, request.params.id)
      return { ok: true as const }
    },
  )

  routes.get(
    '/api/admin/messages',
    {
      ...operator,
      schema: {
        tags: adminTags,
        summary: 'Every operator message with its reach',
        response: { 200: z.array(adminMessageSchema), ...errors },
      },
    },
    () => messages.listAll(),
  )
  routes.post(
    '/api/admin/messages',
    {
      ...operator,
      schema: {
        tags: adminTags,
        summary: 'Publish a message to everyone, chosen users or chosen client accounts',
        body: saveMessageSchema,
        response: { 201: adminMessageSchema, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await messages.publish(request.auth!.user.id, request.body)),
  )
  routes.delete(
    '/api/admin/messages/:id',
    {
      ...operator,
      schema: {
        tags: adminTags,
        summary: 'Withdraw a message from every recipient',
        params: idParamsSchema,
        response: { 200: okAnswerSchema, ...writeErrors },
      },
    },
    async (request) => {
      await messages.withdraw(request.params.id)
      return { ok: true as const }
    },
  )
  routes.get(
    '/api/admin/message_templates',
    {
      ...operator,
      schema: {
        tags: adminTags,
        summary: 'Message templates by name',
        response: { 200: z.array(messageTemplateSchema), ...errors },
      },
    },
    () => messages.listTemplates(),
  )
  routes.post(
    '/api/admin/message_templates',
    {
      ...operator,
      schema: {
        tags: adminTags,
        summary: 'Add a template; names are unique',
        body: saveMessageTemplateSchema,
        response: { 201: messageTemplateSchema, ...writeErrors },
      },
    },
    async (request, reply) => reply.code(201).send(await messages.createTemplate(request.body)),
  )
  routes.put(
    '/api/admin/message_templates/:id',
    {
      ...operator,
      schema: {
        tags: adminTags,
        summary: 'Edit a template',
        params: idParamsSchema,
        body: saveMessageTemplateSchema,
        response: { 200: messageTemplateSchema, ...writeErrors },
      },
    },
    (request) => messages.updateTemplate(request.params.id, request.body),
  )
  routes.delete(
    '/api/admin/message_templates/:id',
    {
      ...operator,
      schema: {
        tags: adminTags,
        summary: 'Remove a template',
        params: idParamsSchema,
        response: { 200: okAnswerSchema, ...writeErrors },
      },
    },
    async (request) => {
      await messages.removeTemplate(request.params.id)
      return { ok: true as const }
    },
  )
}
