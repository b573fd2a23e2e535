import {
  alarmListQuerySchema,
  alarmRowSchema,
  apiErrorSchema,
  bigIdParamsSchema,
  confirmAllAlarmsAnswerSchema,
  noContentSchema,
  pathIdSchema,
  singleLineText,
} from '@kropla/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AuthContext } from '../auth/auth-context'
import { requireUser } from '../auth/auth-hooks'
import type { AlarmsService } from './alarms-service'

const historyQuerySchema = z.object({
  id_object: pathIdSchema,
  alarm_name: singleLineText().min(1).max(100),
})
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema }

/** Alarms of the session's client account (spec 01: /alarms). */
export function registerAlarmsRoutes(app: FastifyInstance, deps: { alarms: AlarmsService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const actor = (auth: AuthContext) => ({ idClient: auth.idClient, user: auth.user })

  routes.get(
    '/api/alarms',
    {
      preValidation: requireUser,
      schema: {
        tags: ['alarms'],
        summary:
          "The account's alarms, newest first: all not removed, active, unconfirmed, inactive or removed; by module and activation time",
        querystring: alarmListQuerySchema,
        response: { 200: z.array(alarmRowSchema), ...errors },
      },
    },
    (request) => deps.alarms.list(request.auth!.idClient, request.query),
  )

  routes.get(
    '/api/alarms/history',
    {
      preValidation: requireUser,
      schema: {
        tags: ['alarms'],
        summary:
          'Every activation of one alarm of one module of the account, newest first (the history dialog)',
        querystring: historyQuerySchema,
        response: { 200: z.array(alarmRowSchema), ...errors },
      },
    },
    (request) =>
      deps.alarms.history(request.auth!.idClient, request.query.id_object, request.query.alarm_name),
  )

  routes.post(
    '/api/alarms/confirm_all',
    {
      preValidation: requireUser,
      schema: {
        tags: ['alarms'],
        summary: "Confirm every unconfirmed alarm of the account by the session's user",
        response: { 200: confirmAllAlarmsAnswerSchema, ...errors },
      },
    },
    (request) => deps.alarms.confirmAll(actor(request.auth!)),
  )

  routes.post(
    '/api/alarms/:id/confirm',
    {
      preValidation: requireUser,
      schema: {
        tags: ['alarms'],
        summary: "Confirm one alarm of the account by the session's user (name and time kept)",
        params: bigIdParamsSchema,
        response: { 200: alarmRowSchema, ...errors },
      },
    },
    (request) => deps.alarms.confirm(actor(request.auth!), request.params.id),
  )

  routes.delete(
    '/api/alarms/:id',
    {
      preValidation: requireUser,
      schema: {
        tags: ['alarms'],
        summary:
          'Remove an inactive alarm of the account; an active one answers 409 alarm_active_not_deleted',
        params: bigIdParamsSchema,
        response: { 204: noContentSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await deps.alarms.remove(actor(request.auth!), request.params.id)
      return reply.code(204).send(null)
    },
  )
}
