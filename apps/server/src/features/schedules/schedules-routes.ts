import {
  endScheduleSchema,
  idParamsSchema,
  pauseScheduleSchema,
  saveScheduleSchema,
  scheduleRoutes,
} from '@kropla/domain'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { parseInput } from '../../app/parse-input'
import { registerRoute } from '../../app/route-table'
import { requireUser } from '../auth/auth-hooks'
import type { SchedulePlansService } from './schedule-plans-service'
import type { ScheduleActor, SchedulesService } from './schedules-service'

const actorOf = (request: FastifyRequest): ScheduleActor => ({
  idClient: request.auth!.user.id_client,
  user: request.auth!.user,
})
const idOf = (request: FastifyRequest) => parseInput(idParamsSchema, request.params).id

/**
 * /api/schedulers of the current client account (any of its users). Requests are checked in the
 * handlers (attachValidation, parseInput), so that a pause is refused as `schedule_pause_failed`;
 * refusals answer like the route schema's would (400, the problems on their paths), with the
 * route table's own schemas.
 */
export function registerScheduleRoutes(
  app: FastifyInstance,
  deps: { schedules: SchedulesService; plans: SchedulePlansService },
) {
  const { schedules, plans } = deps
  const checked = { preValidation: requireUser, attachValidation: true }

  registerRoute(app, scheduleRoutes.list, checked, (request) => {
    const query = parseInput(scheduleRoutes.list.query, request.query)
    return schedules.list(request.auth!.user.id_client, {
      hidden: query.hidden === '1' || query.hidden === 'true',
    })
  })
  registerRoute(app, scheduleRoutes.create, checked, async (request, reply) => {
    const input = parseInput(saveScheduleSchema, request.body)
    return reply.code(201).send(await schedules.create(actorOf(request), input))
  })
  registerRoute(app, scheduleRoutes.preview, checked, (request) => {
    const input = parseInput(saveScheduleSchema, request.body)
    const query = parseInput(scheduleRoutes.preview.query, request.query)
    return plans.preview(actorOf(request), input, query.id_schedule ?? null)
  })
  registerRoute(app, scheduleRoutes.history, checked, (request) =>
    plans.history(actorOf(request), parseInput(scheduleRoutes.history.query, request.query)),
  )
  registerRoute(app, scheduleRoutes.get, checked, (request) =>
    schedules.get(request.auth!.user.id_client, idOf(request)),
  )
  registerRoute(app, scheduleRoutes.update, checked, (request) => {
    const id = idOf(request)
    return schedules.update(actorOf(request), id, parseInput(saveScheduleSchema, request.body))
  })
  registerRoute(app, scheduleRoutes.remove, checked, async (request) => {
    await schedules.remove(request.auth!.user.id_client, idOf(request))
    return { ok: true as const }
  })
  registerRoute(app, scheduleRoutes.pause, checked, (request) => {
    const id = idOf(request)
    return schedules.pause(
      request.auth!.user.id_client,
      id,
      parseInput(pauseScheduleSchema, request.body ?? {}, 'schedule_pause_failed'),
    )
  })
  registerRoute(app, scheduleRoutes.unpause, checked, (request) =>
    schedules.unpause(request.auth!.user.id_client, idOf(request)),
  )
  registerRoute(app, scheduleRoutes.end, checked, (request) => {
    const id = idOf(request)
    return schedules.end(request.auth!.user.id_client, id, parseInput(endScheduleSchema, request.body ?? {}))
  })
  registerRoute(app, scheduleRoutes.calendar, checked, (request) =>
    plans.calendar(actorOf(request), parseInput(scheduleRoutes.calendar.query, request.query)),
  )
  registerRoute(app, scheduleRoutes.forecast, checked, (request) =>
    plans.forecast(actorOf(request), parseInput(scheduleRoutes.calendar.query, request.query)),
  )
}
