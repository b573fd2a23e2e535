import { z } from 'zod'
import { okAnswerSchema } from '../answers/common'
import { dayOrMomentSchema } from '../input/dates'
import { outputPlanRowSchema } from '../irrigation/output-plan-row'
import {
  endScheduleSchema,
  pauseScheduleSchema,
  saveScheduleSchema,
  scheduleRowSchema,
} from '../irrigation/schedule'
import { scheduleHistorySchema, schedulePreviewSchema } from '../irrigation/wire'
import { idParamsSchema, pathIdSchema } from '../resources/common'
import { refusals, route } from './route'

export const scheduleListQuerySchema = z.object({ hidden: z.enum(['0', '1', 'true', 'false']).optional() })
export const schedulePreviewQuerySchema = z.object({ id_schedule: pathIdSchema.optional() })
export const scheduleHistoryQuerySchema = z.object({
  id_schedule: z.coerce.number().int().positive().max(2_147_483_647),
  d0: dayOrMomentSchema,
  d1: dayOrMomentSchema,
})
export const calendarQuerySchema = z.object({ from: dayOrMomentSchema, to: dayOrMomentSchema })

export const scheduleRoutes = {
  list: route({
    method: 'GET',
    path: '/api/schedulers',
    summary:
      'Automatic schedules of the account with their state and next run within 24 h; ended hidden ones only with hidden=1',
    tags: ['schedules'],
    query: scheduleListQuerySchema,
    answers: { 200: z.array(scheduleRowSchema), ...refusals(400, 401, 403, 404, 409, 500) },
  }),
  create: route({
    method: 'POST',
    path: '/api/schedulers',
    summary: 'Add a schedule (spec 01 section 5 rules)',
    tags: ['schedules'],
    body: saveScheduleSchema,
    answers: { 201: scheduleRowSchema, ...refusals(400, 401, 403, 404, 409, 500) },
  }),
  preview: route({
    method: 'POST',
    path: '/api/schedulers/preview',
    summary:
      'The openings a schedule would make over the next 7 days, before it is saved (id_schedule: the schedule being edited)',
    tags: ['schedules'],
    query: schedulePreviewQuerySchema,
    body: saveScheduleSchema,
    answers: { 200: schedulePreviewSchema, ...refusals(400, 401, 403, 404, 409, 500) },
  }),
  history: route({
    method: 'GET',
    path: '/api/schedulers/sch_history',
    summary:
      "A schedule's runs opening in [d0, d1): its elements' and its water source's (spec 02 section 7); the dates echoed as asked",
    tags: ['schedules'],
    query: scheduleHistoryQuerySchema,
    answers: { 200: scheduleHistorySchema, ...refusals(400, 401, 403, 404, 409, 500) },
  }),
  get: route({
    method: 'GET',
    path: '/api/schedulers/:id',
    summary: 'One schedule',
    tags: ['schedules'],
    params: idParamsSchema,
    answers: { 200: scheduleRowSchema, ...refusals(400, 401, 403, 404, 409, 500) },
  }),
  update: route({
    method: 'PUT',
    path: '/api/schedulers/:id',
    summary: 'Edit a schedule (not an ended one); its runs not yet sent are planned afresh',
    tags: ['schedules'],
    params: idParamsSchema,
    body: saveScheduleSchema,
    answers: { 200: scheduleRowSchema, ...refusals(400, 401, 403, 404, 409, 500) },
  }),
  remove: route({
    method: 'DELETE',
    path: '/api/schedulers/:id',
    summary: 'Delete a schedule: kept for the history of its runs, those not yet sent are removed',
    tags: ['schedules'],
    params: idParamsSchema,
    answers: { 200: okAnswerSchema, ...refusals(400, 401, 403, 404, 409, 500) },
  }),
  pause: route({
    method: 'POST',
    path: '/api/schedulers/:id/pause',
    summary: 'Pause from now (or from) until a moment, or indefinitely',
    tags: ['schedules'],
    params: idParamsSchema,
    body: pauseScheduleSchema,
    answers: { 200: scheduleRowSchema, ...refusals(400, 401, 403, 404, 409, 500) },
  }),
  unpause: route({
    method: 'POST',
    path: '/api/schedulers/:id/unpause',
    summary: 'End the pause now',
    tags: ['schedules'],
    params: idParamsSchema,
    answers: { 200: scheduleRowSchema, ...refusals(400, 401, 403, 404, 409, 500) },
  }),
  end: route({
    method: 'POST',
    path: '/api/schedulers/:id/end',
    summary: 'End the schedule now (no further runs), shown in the list or hidden',
    tags: ['schedules'],
    params: idParamsSchema,
    body: endScheduleSchema,
    answers: { 200: scheduleRowSchema, ...refusals(400, 401, 403, 404, 409, 500) },
  }),
  calendar: route({
    method: 'GET',
    path: '/api/outputs_plans',
    summary: 'The calendar: every output plan of the account opening in [from, to), at most 62 days',
    tags: ['schedules'],
    query: calendarQuerySchema,
    answers: { 200: z.array(outputPlanRowSchema), ...refusals(400, 401, 403, 404, 409, 500) },
  }),
  forecast: route({
    method: 'GET',
    path: '/api/outputs_plans/forecast',
    summary:
      "The calendar's forecast: runs of the active schedules opening in [from, to) that the planner has not planned yet (beyond its 48 h horizon), as it will plan them, each with forecast: true; at most 14 days long, reaching 14 days ahead",
    tags: ['schedules'],
    query: calendarQuerySchema,
    answers: { 200: z.array(outputPlanRowSchema), ...refusals(400, 401, 403, 404, 409, 500) },
  }),
}
