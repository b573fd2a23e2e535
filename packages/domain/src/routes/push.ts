import { z } from 'zod'
import { pushSubscriptionSchema } from '../alarms/alarm-row'
import { pushTestAnswerSchema, pushTestSchema } from '../alarms/push-test'
import { noContentSchema, vapidKeyAnswerSchema } from '../answers/common'
import { singleLineText } from '../input/text'
import { refusals, route } from './route'

export const pushUnsubscribeSchema = z.object({ endpoint: singleLineText().max(2000) })

export const pushRoutes = {
  vapidKey: route({
    method: 'GET',
    path: '/api/push/vapid_public_key',
    summary: "The server's VAPID public key, for PushManager.subscribe's applicationServerKey",
    tags: ['push'],
    answers: { 200: vapidKeyAnswerSchema, ...refusals(400, 401, 403) },
  }),
  subscribe: route({
    method: 'POST',
    path: '/api/push/subscriptions',
    summary:
      "Keep this browser's push subscription for the session's user (alarm notifications); the endpoint must be https: on a public address",
    tags: ['push'],
    body: pushSubscriptionSchema,
    answers: { 204: noContentSchema, ...refusals(400, 401, 403) },
  }),
  unsubscribe: route({
    method: 'DELETE',
    path: '/api/push/subscriptions',
    summary: "Forget one of the session user's push subscriptions (by endpoint)",
    tags: ['push'],
    body: pushUnsubscribeSchema,
    answers: { 204: noContentSchema, ...refusals(400, 401, 403) },
  }),
  test: route({
    method: 'POST',
    path: '/api/push/test',
    summary:
      "Send a test notification to one of the session user's own push subscriptions (this browser's endpoint); one every 30 s",
    tags: ['push'],
    body: pushTestSchema,
    answers: { 200: pushTestAnswerSchema, ...refusals(400, 401, 403, 404, 429, 502) },
  }),
}
