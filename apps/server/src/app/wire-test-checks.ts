import type { ProfileTestReason, TestItemResult, WeatherCheckStatus } from '@kropla/domain'
import type { FastifyInstance } from 'fastify'
import type { Database } from '../db/client'
import type { NotificationChannel } from '../features/notifications/channels'
import type { PushSubscriptionsDal } from '../features/push/push-subscriptions-dal'
import type { TestRunsService } from '../features/test-area/test-runs-service'
import { createTestProfileDal, providerRefusedReason } from '../features/test-profile/test-profile-dal'
import { registerTestProfileRoutes } from '../features/test-profile/test-profile-routes'
import { createTestProfileService, type ProfileTestRuns } from '../features/test-profile/test-profile-service'
import { registerTestWeatherRoutes } from '../features/test-weather/test-weather-routes'
import {
  createTestWeatherService,
  type RecordWeatherRun,
} from '../features/test-weather/test-weather-service'
import { createWeatherDal } from '../features/weather/weather-dal'

/** A weather reading's verdict as a recorded run item: its result and the catalogue code of why. */
const weatherItem: Record<WeatherCheckStatus, { result: TestItemResult; reason: string | null }> = {
  ok: { result: 'pass', reason: null },
  implausible: { result: 'fail', reason: 'weather_implausible' },
  stuck: { result: 'fail', reason: 'weather_stuck' },
  no_data: { result: 'skipped', reason: 'weather_no_data' },
}

const messageReason: Record<ProfileTestReason, string> = {
  no_phone: 'test_no_phone',
  no_push_subscription: 'test_no_push_subscription',
  push_subscriptions_expired: 'test_push_subscriptions_expired',
  provider_refused: providerRefusedReason,
}

/** How far back the limit looks: well past the 30 s, so a clock a little off still counts. */
const limitLookBackMs = 5 * 60_000

/**
 * The test area's weather check (/test/weather) and test messages to oneself (/test/profile),
 * each recorded as a test run (kinds 'weather', 'email', 'sms', 'push').
 */
export function wireTestChecks(
  app: FastifyInstance,
  deps: {
    database: Database
    channels: readonly NotificationChannel[]
    subscriptions: PushSubscriptionsDal
    origin: () => string
    runs: TestRunsService
    now?: () => Date
  },
) {
  const { db } = deps.database
  const { runs } = deps

  const recordWeather: RecordWeatherRun = async ({ idClient, idUser, answer }) => {
    const run = await runs.recordTestRun(
      { idClient, idUser },
      { kind: 'weather', subjectId: null, subjectName: '', details: { items: [] } },
    )
    const items = answer.items.map((item) => ({
      key: `object:${item.id_object}:${item.field}`,
      label: `${item.object_name || `#${item.id_object}`} · ${item.name || item.field}`,
      ...weatherItem[item.status],
    }))
    await runs.finishTestRun(
      idClient,
      run.id,
      { items, reason: items.length ? null : 'weather_no_stations' },
      items.length ? undefined : 'fail',
    )
    return run.id
  }

  const profileRuns: ProfileTestRuns = {
    lastCounted: (idUser, channel, now) =>
      createTestProfileDal(db).lastCounted(idUser, channel, new Date(now.getTime() - limitLookBackMs)),
    async start({ idClient, idUser, channel, to }) {
      const run = await runs.recordTestRun(
        { idClient, idUser },
        {
          kind: channel,
          subjectId: null,
          subjectName: to,
          details: { items: [{ key: channel, label: '', result: 'running', reason: null }] },
        },
      )
      return run.id
    },
    async finish({ idClient, id, answer }) {
      if (id === null) return
      const sent = answer.status === 'sent'
      await runs.finishTestRun(
        idClient,
        id,
        {
          items: [
            {
              key: answer.channel,
              label: answer.detail ?? '',
              result: sent ? 'pass' : 'fail',
              reason: answer.reason ? messageReason[answer.reason] : null,
            },
          ],
        },
        sent ? 'pass' : 'fail',
      )
    },
  }

  const testWeather = createTestWeatherService({ db, now: deps.now, record: recordWeather })
  const testProfile = createTestProfileService({
    channels: deps.channels,
    runs: profileRuns,
    origin: deps.origin,
    pushDevices: async (idUser) => (await deps.subscriptions.ofUser(idUser)).length,
    farmZone: (idClient) => createWeatherDal(db, idClient).timeZone(),
    now: deps.now,
  })
  registerTestWeatherRoutes(app, { testWeather })
  registerTestProfileRoutes(app, { testProfile })
  return { testWeather, testProfile }
}
