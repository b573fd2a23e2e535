import {
  type ProfileTestAnswer,
  type ProfileTestChannel,
  type ProfileTestReason,
  profileTestWaitSeconds,
} from '@kropla/domain'
import { type Lang, translate } from '@kropla/i18n'
import { HttpError } from '../../app/http-errors'
import type { UserRow } from '../auth/auth-context'
import type { AlarmMessage } from '../notifications/alarm-notice'
import { formatInZone } from '../notifications/alarm-notice'
import type { NotificationChannel, Recipient } from '../notifications/channels'

/**
 * Where the profile tests keep their runs: when the user last tested a channel in a way that
 * counts against the limit (under way, or it reached a provider), and the record of each test:
 * started before it is sent, finished with its outcome.
 */
export interface ProfileTestRuns {
  lastCounted(idUser: number, channel: ProfileTestChannel, now: Date): Promise<Date | null>
  start(run: {
    idClient: number
    idUser: number
    channel: ProfileTestChannel
    to: string
  }): Promise<number | null>
  finish(run: {
    idClient: number
    id: number | null
    answer: Omit<ProfileTestAnswer, 'id_run'>
  }): Promise<void>
}

/** The channels' reasons for skipping (channels.ts) as the answer's codes. */
const reasonOfSkip: Record<string, ProfileTestReason> = {
  'no phone number': 'no_phone',
  'no push subscription': 'no_push_subscription',
  'push subscriptions expired': 'push_subscriptions_expired',
}

/** A provider's words are kept short: they are shown and recorded as they are. */
const detailOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 300)

/** A phone number with its middle hidden, as the answer shows where the SMS went. */
const maskPhone = (phone: string) => (phone.length <= 5 ? phone : `${phone.slice(0, 3)}…${phone.slice(-3)}`)

/**
 * A test message to oneself (/test/profile) through the very channels alarm notifications use
 * (e-mail by the mailer, SMS by the gateway or the SMS outbox, Web Push to every subscribed
 * browser): the answer says it went, or why not. One test per channel per user every 30 s counts
 * against the limit when it reached a provider; another while one is under way is refused too.
 */
export function createTestProfileService(deps: {
  channels: readonly NotificationChannel[]
  runs: ProfileTestRuns
  origin: () => string
  /** How many browsers of the user take Web Push (after a test: those still subscribed). */
  pushDevices: (idUser: number) => Promise<number>
  /** The farm's zone, for the time in the message when the user has not chosen one. */
  farmZone: (idClient: number) => Promise<string | null>
  now?: () => Date
}) {
  const now = deps.now ?? (() => new Date())
  const underWay = new Set<string>()

  function message(lang: Lang, recipient: Recipient, at: Date): AlarmMessage {
    const link = `${deps.origin().replace(/\/+$/, '')}/#/test/profile`
    const params = { time: formatInZone(at, recipient.timeZone, recipient.dateFormat), link }
    return {
      subject: translate(lang, 'test_profile.message_subject', params),
      text: `${translate(lang, 'test_profile.message_text', params)}\n\n--\n${translate(lang, 'mail.signature')}\n`,
      sms: translate(lang, 'test_profile.message_sms', params),
      push: {
        title: translate(lang, 'test_profile.message_subject', params),
        body: translate(lang, 'test_profile.message_push', params),
        url: link,
        tag: 'kropla-test',
      },
    }
  }

  async function deliver(
    channel: NotificationChannel,
    recipient: Recipient,
    text: AlarmMessage,
  ): Promise<Pick<ProfileTestAnswer, 'status' | 'reason' | 'detail'>> {
    try {
      const result = await channel.deliver(recipient, text)
      if (result.status === 'sent') return { status: 'sent', reason: null, detail: null }
      return {
        status: 'failed',
        reason: reasonOfSkip[result.reason] ?? 'provider_refused',
        detail: reasonOfSkip[result.reason] ? null : result.reason,
      }
    } catch (error) {
      return { status: 'failed', reason: 'provider_refused', detail: detailOf(error) }
    }
  }

  /** Sends the test by `channel` to `user` in `lang`; 429 test_too_soon within the limit. */
  async function send(input: {
    user: UserRow
    idClient: number
    lang: Lang
    channel: ProfileTestChannel
  }): Promise<ProfileTestAnswer> {
    const { user, channel } = input
    const key = `${user.id}:${channel}`
    const wait = underWay.has(key)
      ? 30
      : profileTestWaitSeconds(await deps.runs.lastCounted(user.id, channel, now()), now())
    if (wait > 0) throw new HttpError('test_too_soon', { status: 429, params: { seconds: wait } })
    const provider = deps.channels.find((candidate) => candidate.name === channel)
    if (!provider) throw new Error(`no ${channel} channel`)
    underWay.add(key)
    try {
      const at = now()
      const recipient: Recipient = {
        id: user.id,
        email: user.email,
        phone: user.phone,
        lang: input.lang,
        timeZone: user.time_zone ?? (await deps.farmZone(input.idClient)),
        temperatureUnit: user.temperature_unit === 'F' ? 'F' : 'C',
        dateFormat: user.date_format,
      }
      const phone = user.phone.trim()
      const address =
        channel === 'email' ? user.email : channel === 'sms' ? (phone ? maskPhone(phone) : '') : ''
      const idRun = await deps.runs.start({ idClient: input.idClient, idUser: user.id, channel, to: address })
      const outcome = await deliver(provider, recipient, message(input.lang, recipient, at))
      const devices = channel === 'push' && outcome.status === 'sent' ? await deps.pushDevices(user.id) : 0
      const to = channel === 'push' ? (outcome.status === 'sent' ? String(devices) : null) : address || null
      const answer = { channel, ...outcome, to, sent_at: at.toISOString() }
      await deps.runs.finish({ idClient: input.idClient, id: idRun, answer })
      return { ...answer, id_run: idRun }
    } finally {
      underWay.delete(key)
    }
  }

  return { send }
}
export type TestProfileService = ReturnType<typeof createTestProfileService>
