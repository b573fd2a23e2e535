import { z } from 'zod'

/**
 * A test message to oneself (/test/profile, issue 16 item 5) by each notification channel the
 * profile offers: e-mail, SMS, Web Push. The server sends it through the same channels as alarm
 * notifications and answers whether the provider took it, or why not.
 */

export const profileTestChannels = ['email', 'sms', 'push'] as const
export type ProfileTestChannel = (typeof profileTestChannels)[number]

/** POST /api/test/profile: which channel to test. */
export const profileTestRequestSchema = z.object({
  channel: z.enum(profileTestChannels, { message: 'errors.choice_invalid' }),
})
export type ProfileTestRequest = z.infer<typeof profileTestRequestSchema>

/**
 * Why a test did not go out. `no_phone`, `no_push_subscription`, `push_subscriptions_expired`:
 * nothing to send to (the profile or the devices must change first); `provider_refused`: the SMTP
 * server, SMS gateway or push service refused or did not answer (its own words in `detail`).
 */
export const profileTestReasons = [
  'no_phone',
  'no_push_subscription',
  'push_subscriptions_expired',
  'provider_refused',
] as const
export type ProfileTestReason = (typeof profileTestReasons)[number]

export const profileTestAnswerSchema = z.object({
  channel: z.enum(profileTestChannels),
  /** sent: the provider took it (it is on its way); failed: see `reason`. */
  status: z.enum(['sent', 'failed']),
  reason: z.enum(profileTestReasons).nullable(),
  /** The provider's own words on a refusal (not translated: for the installer or the support). */
  detail: z.string().nullable(),
  /** Where it went: the e-mail address, the phone number, or how many devices (push). */
  to: z.string().nullable(),
  sent_at: z.string(),
  /** The recorded test run; null when it could not be recorded. */
  id_run: z.number().int().nullable(),
})
export type ProfileTestAnswer = z.infer<typeof profileTestAnswerSchema>

/** One test per channel per user this often, so nobody floods their own phone. */
export const profileTestCooldownSeconds = 30

/**
 * Whole seconds until the user may test `channel` again after a test at `lastAt` (0: now). A
 * clock that went back counts as just tested.
 */
export function profileTestWaitSeconds(
  lastAt: Date | null,
  now: Date,
  cooldownSeconds = profileTestCooldownSeconds,
): number {
  if (!lastAt) return 0
  const elapsed = (now.getTime() - lastAt.getTime()) / 1000
  if (elapsed < 0) return cooldownSeconds
  return Math.max(0, Math.ceil(cooldownSeconds - elapsed))
}
