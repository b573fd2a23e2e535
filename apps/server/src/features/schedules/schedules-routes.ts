import {
  apiErrorSchema,
  endScheduleSchema,
  idParamsSchema,
  okAnswerSchema,
  outputPlanRowSchema,
  pathIdSchema,
  pauseScheduleSchema,
  saveScheduleSchema,
  scheduleHistorySchema,
  schedulePreviewSchema,
  scheduleRowSchema,
} from '@kropla/domain'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { parseInput } from '../../app/parse-input'
import { requireUser } from '../auth/auth-hooks'
import type { SchedulePlansService } from './schedule-plans-service'
import type { ScheduleActor, SchedulesService } from './schedules-service'

const listQuerySchema = z.object({ hidden: z.enum(['0', '1', 'true', 'false']).optional() })
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  500: apiErrorSchema,
}
const tags = ['schedules']

const actorOf = (request: FastifyRequest): ScheduleActor => ({
  idClient: request.auth!.user.id_client,
  user: request.auth!.user,
})
const idOf = (request: FastifyRequest) => parseInput(idParamsSchema, request.params).id

/**
 * /api/schedulers of the current client account (any of its users). Requests are checked in the
 * handlers (attachValidation, parseInput), so that a pause is refused as `schedule_pause_failed`;
 * refusals answer like the route schema's would (400, the problems on their paths), and the
 * schemas stay in the route for the API document.
 */
export function registerScheduleRoutes(
  app: FastifyInstance,
  deps: { schedules: SchedulesService; plans: SchedulePlansService },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const { schedules, plans } = deps
  const checked = { preValidation: requireUser, attachValidation: true }

  routes.get(
    '/api/schedulers',
    {
      ...checked,
      schema: {
        tags,
        summary:
          'Automatic schedules of the account with their state and next run within 24 h; ended hidden ones only with hidden=1',
        querystring: listQuerySchema,
        response: { 200: z.array(scheduleRowSchema), ...errors },
      },
    },
    (request) => {
      const query = parseInput(listQuerySchema, request.query)
      return schedules.list(request.auth!.user.id_client, {
        hidden: query.hidden === '1' || query.hidden === 'true',
      })
    },
  )
  routes.post(
    '/api/schedulers',
    {
      ...checked,
      schema: {
        tags,
        summary: 'Add a schedule (spec 01 section 5 rules)',
        body: saveScheduleSchema,
        response: { 201: scheduleRowSchema, ...errors },
      },
    },
    async (request, reply) => {
      const input = parseInput(saveScheduleSchema, request.body)
      return reply.code(201).send(await schedules.create(actorOf(request), input))
    },
  )
  routes.post(
    '/api/schedulers/preview',
    {
      ...checked,
      schema: {
        tags,
        summary:
          'The openings a schedule would make over the next 7 days, before it is saved (id_schedule: the schedule being edited)',
        body: saveScheduleSchema,
        querystring: z.object({ id_schedule: pathIdSchema.optional() }),
        response: { 200: schedulePreviewSchema, ...errors },
      },
    },
    (request) => {
      const input = parseInput(saveScheduleSchema, request.body)
      const query = parseInput(z.object({ id_schedule: pathIdSchema.optional() }), request.query)
      return plans.preview(actorOf(request), input, query.id_schedule ?? null)
    },
  )
  routes.get(
    '/api/schedulers/sch_history',
    {
      ...checked,
      schema: {
        tags,
        summary:
          "A schedule's runs opening in [d0, d1): its elements' and its water source's (spec 02 section 7); the dates echoed as asked",
        querystring: plans.historyQuerySchema,
        response: { 200: scheduleHistorySchema, ...errors },
      },
    },
    (request) => plans.history(actorOf(request), parseInput(plans.historyQuerySchema, request.query)),
  )
  routes.get(
    '/api/schedulers/:id',
    {
      ...checked,
      schema: {
        tags,
        summary: 'One schedule',
        params: idParamsSchema,
        response: { 200: scheduleRowSchema, ...errors },
      },
    },
    (request) => schedules.get(request.auth!.user.id_client, idOf(request)),
  )
  routes.put(
    '/api/schedulers/:id',
    {
      ...checked,
      schema: {
        tags,
        summary: 'Edit a schedule (not an ended one); its runs not yet sent are planned afresh',
        params: idParamsSchema,
        body: saveScheduleSchema,
        response: { 200: scheduleRowSchema, ...errors },
      },
    },
    (request) => {
      const id = idOf(request)
      return schedules.update(actorOf(request), id, parseInput(saveScheduleSchema, request.body))
    },
  )
  routes.delete(
    '/api/schedulers/:id',
    {
      ...checked,
      schema: {
        tags,
        summary: 'Delete a schedule: kept for the history of its runs, those not yet sent are removed',
        params: idParamsSchema,
        response: { 200: okAnswerSchema, ...errors },
      },
    },
    async (request) => {
      await schedules.remove(request.auth!.user.id_client, idOf(request))
      return { ok: true as const }
    },
  )
  routes.post(
    '/api/schedulers/:id/pause',
    {
      ...checked,
      schema: {
        tags,
        summary: 'Pause from now (or from) until a moment, or indefinitely',
        params: idParamsSchema,
        body: pauseScheduleSchema,
        response: { 200: scheduleRowSchema, ...errors },
      },
    },
    (request) => {
      const id = idOf(request)
      return schedules.pause(
        request.auth!.user.id_client,
        id,
        parseInput(pauseScheduleSchema, request.body ?? {}, 'schedule_pause_failed'),
      )
    },
  )
  routes.post(
    '/api/schedulers/:id/unpause',
    {
      ...checked,
      schema: {
        tags,
        summary: 'End the pause now',
        params: idParamsSchema,
        response: { 200: scheduleRowSchema, ...errors },
      },
    },
    (request) => schedules.unpause(request.auth!.user.id_client, idOf(request)),
  )
  routes.post(
    '/api/schedulers/:id/end',
    {
      ...checked,
      schema: {
        tags,
        summary: 'End the schedule now (no further runs), shown in the list or hidden',
        params: idParamsSchema,
        body: endScheduleSchema,
        response: { 200: scheduleRowSchema, ...errors },
      },
    },
    (request) => {
      const id = idOf(request)
      return schedules.end(
        request.auth!.user.id_client,
        id,
        parseInput(endScheduleSchema, request.body ?? {}),
      )
    },
  )
  routes.get(
    '/api/outputs_plans',
    {
      ...checked,
      schema: {
        tags,
        summary: 'The calendar: every output plan of the account opening in [from, to), at most 62 days',
        querystring: plans.calendarQuerySchema,
        response: { 200: z.array(outputPlanRowSchema), ...errors },
      },
    },
    (request) => plans.calendar(actorOf(request), parseInput(plans.calendarQuerySchema, request.query)),
  )
  routes.get(
    '/api/outputs_plans/forecast',
    {
      ...checked,
      schema: {
        tags,
        summary:
          "The calendar's forecast: runs of the active schedules opening in [from, to) that the planner has not planned yet (beyond its 48 h horizon), as it will plan them, each with forecast: true; at most 14 days long, reaching 14 days ahead",
        querystring: plans.calendarQuerySchema,
        response: { 200: z.array(outputPlanRowSchema), ...errors },
      },
    },
    (request) => plans.forecast(actorOf(request), parseInput(plans.calendarQuerySchema, request.query)),
  )
}
