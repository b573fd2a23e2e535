import { profileTestAnswerSchema, profileTestRequestSchema } from '../test-area/profile-test'
import { refusals, route } from './route'

export const testProfileRoutes = {
  profile: route({
    method: 'POST',
    path: '/api/test/profile',
    summary:
      'Send yourself a test message by one channel (email, sms, push) through the alarm notifications’ providers; the answer says it went or why not (no_phone, no_push_subscription, push_subscriptions_expired, provider_refused). One per channel every 30 s (429 test_too_soon); recorded as a test run',
    tags: ['test'],
    body: profileTestRequestSchema,
    answers: { 200: profileTestAnswerSchema, ...refusals(400, 401, 403, 429) },
  }),
}
