import { z } from 'zod'
import { alarmListQuerySchema, alarmRowSchema, confirmAllAlarmsAnswerSchema } from '../alarms/alarm-row'
import { noContentSchema } from '../answers/common'
import { singleLineText } from '../input/text'
import { bigIdParamsSchema, pathIdSchema } from '../resources/common'
import { refusals, route } from './route'

export const alarmHistoryQuerySchema = z.object({
  id_object: pathIdSchema,
  alarm_name: singleLineText().min(1).max(100),
})

export const alarmRoutes = {
  list: route({
    method: 'GET',
    path: '/api/alarms',
    summary:
      "The account's alarms, newest first: all not removed, active, unconfirmed, inactive or removed; by module and activation time",
    tags: ['alarms'],
    query: alarmListQuerySchema,
    answers: { 200: z.array(alarmRowSchema), ...refusals(400, 401, 403, 404) },
  }),
  history: route({
    method: 'GET',
    path: '/api/alarms/history',
    summary: 'Every activation of one alarm of one module of the account, newest first (the history dialog)',
    tags: ['alarms'],
    query: alarmHistoryQuerySchema,
    answers: { 200: z.array(alarmRowSchema), ...refusals(400, 401, 403, 404) },
  }),
  confirmAll: route({
    method: 'POST',
    path: '/api/alarms/confirm_all',
    summary: "Confirm every unconfirmed alarm of the account by the session's user",
    tags: ['alarms'],
    answers: { 200: confirmAllAlarmsAnswerSchema, ...refusals(400, 401, 403, 404) },
  }),
  confirm: route({
    method: 'POST',
    path: '/api/alarms/:id/confirm',
    summary: "Confirm one alarm of the account by the session's user (name and time kept)",
    tags: ['alarms'],
    params: bigIdParamsSchema,
    answers: { 200: alarmRowSchema, ...refusals(400, 401, 403, 404) },
  }),
  remove: route({
    method: 'DELETE',
    path: '/api/alarms/:id',
    summary: 'Remove an inactive alarm of the account; an active one answers 409 alarm_active_not_deleted',
    tags: ['alarms'],
    params: bigIdParamsSchema,
    answers: { 204: noContentSchema, ...refusals(400, 401, 403, 404, 409) },
  }),
}
