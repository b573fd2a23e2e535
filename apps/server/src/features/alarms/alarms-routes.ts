import { alarmRoutes } from '@kropla/domain'
import type { FastifyInstance } from 'fastify'
import { registerRoute } from '../../app/route-table'
import type { AuthContext } from '../auth/auth-context'
import { requireUser } from '../auth/auth-hooks'
import type { AlarmsService } from './alarms-service'

/** Alarms of the session's client account (spec 01: /alarms). */
export function registerAlarmsRoutes(app: FastifyInstance, deps: { alarms: AlarmsService }) {
  const actor = (auth: AuthContext) => ({ idClient: auth.idClient, user: auth.user })

  registerRoute(app, alarmRoutes.list, { preValidation: requireUser }, (request) =>
    deps.alarms.list(request.auth!.idClient, request.query),
  )

  registerRoute(app, alarmRoutes.history, { preValidation: requireUser }, (request) =>
    deps.alarms.history(request.auth!.idClient, request.query.id_object, request.query.alarm_name),
  )

  registerRoute(app, alarmRoutes.confirmAll, { preValidation: requireUser }, (request) =>
    deps.alarms.confirmAll(actor(request.auth!)),
  )

  registerRoute(app, alarmRoutes.confirm, { preValidation: requireUser }, (request) =>
    deps.alarms.confirm(actor(request.auth!), request.params.id),
  )

  registerRoute(app, alarmRoutes.remove, { preValidation: requireUser }, async (request, reply) => {
    await deps.alarms.remove(actor(request.auth!), request.params.id)
    return reply.code(204).send(null)
  })
}
