import type { Lang } from '@kropla/i18n'
import { translate } from '@kropla/i18n'
import { HttpError } from '../../app/http-errors'
import { type PushSender, sendPush } from '../notifications/push-channel'

/** A user may send themselves one test notification this often (`/mobile/fcm`). */
export const pushTestGapMs = 30_000

/**
 * The test notification of `/mobile/fcm`: to the session user's own subscription with this
 * endpoint only (another user's endpoint is not found), at most one per user every `gapMs`.
 * Refuses `push_not_subscribed` (404), `too_many_attempts` (429, with the seconds to wait) and
 * `push_test_failed` (502) when the push service did not take it.
 */
export function createPushTester(deps: { sender: PushSender; now?: () => Date; gapMs?: number }) {
  const now = deps.now ?? (() => new Date())
  const gapMs = deps.gapMs ?? pushTestGapMs
  /** When each user last sent one; kept in memory (one server process), forgotten after the gap. */
  const lastSent = new Map<number, number>()

  return {
    async send(userId: number, endpoint: string, lang: Lang): Promise<{ sent_at: string }> {
      const at = now().getTime()
      for (const [user, when] of lastSent) if (at - when >= gapMs) lastSent.delete(user)
      const previous = lastSent.get(userId)
      if (previous !== undefined)
        throw new HttpError('too_many_attempts', {
          params: { seconds: Math.max(1, Math.ceil((previous + gapMs - at) / 1000)) },
        })
      const subscription = await deps.sender.subscriptions.findOwn(userId, endpoint)
      if (!subscription) throw new HttpError('push_not_subscribed')
      lastSent.set(userId, at)
      const outcome = await sendPush(deps.sender, userId, subscription, {
        title: translate(lang, 'mobile_devices.fcm_test_title'),
        body: translate(lang, 'mobile_devices.fcm_test_body'),
        url: '/#/mobile/fcm',
        tag: 'kropla-test',
      })
      if (outcome.status === 'gone') throw new HttpError('push_not_subscribed')
      if (outcome.status === 'failed') {
        deps.sender.logger.info({ user: userId, reason: outcome.reason }, 'test push failed')
        throw new HttpError('push_test_failed')
      }
      return { sent_at: new Date(at).toISOString() }
    },
  }
}
export type PushTester = ReturnType<typeof createPushTester>
