import { testRunsAnswerSchema, type WeatherCheckAnswer, weatherCheckAnswerSchema } from '@kropla/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addUser, loggedIn } from '../../test/account-fixtures'
import { addOutput, insertReadings, rainGauge } from '../../test/resource-fixtures'
import { httpSession, seedAccount, startTestServer, type TestServer } from '../../test/test-server'

// "Now" is 14:00 UTC on 1 July 2026 (16:00 on the farm in Warsaw).
const now = Date.parse('2026-07-01T14:00:00Z')
const offset = now - Date.now()
const minutesAgo = (minutes: number) => new Date(now - minutes * 60_000).toISOString()

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({}, { now: () => new Date(Date.now() + offset) })
})
afterAll(() => server?.stop())

/** Every 15 minutes over the last `hours`, oldest first, the values `valueAt(i)`. */
const every15 = (hours: number, valueAt: (index: number) => number): [string, number][] =>
  Array.from({ length: hours * 4 + 1 }, (_, index) => [minutesAgo((hours * 4 - index) * 15), valueAt(index)])

async function farm() {
  const seeded = await seedAccount(server, ['AM-200', 'AM-600', 'AM-100-101'])
  const session = await loggedIn(server.url, seeded.email, seeded.password)
  const [air, mast, probe] = seeded.modules as [
    (typeof seeded.modules)[0],
    (typeof seeded.modules)[0],
    (typeof seeded.modules)[0],
  ]
  const rain = await addOutput(session, mast.id, 'DI_USR_3', rainGauge)
  const barometer = await addOutput(session, mast.id, 'ANALOG_USR_1', {
    name: 'Barometer',
    kind: 'voltage_input',
    type: 'generic_voltage_input',
    properties: { custom_units: 'hPa', voltage_low: 0, voltage_high: 10, value_low: 800, value_high: 1100 },
  })
  const pressureMain = await addOutput(session, mast.id, 'ANALOG_USR_2', {
    name: 'Main line',
    kind: 'current_input',
    type: 'manometer_c',
    properties: { custom_units: 'bar', value_low: 0, value_high: 10 },
  })
  return {
    ...seeded,
    idClient: seeded.user.id_client,
    session,
    air,
    mast,
    probe,
    rain,
    barometer,
    pressureMain,
  }
}

const check = async (session: Awaited<ReturnType<typeof farm>>['session']) => {
  const answer = await session.write('POST', '/api/test/weather')
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return weatherCheckAnswerSchema.parse(answer.body)
}
const itemOf = (answer: WeatherCheckAnswer, field: string) =>
  answer.items.find((item) => item.field === field)

describe('the weather stations check', () => {
  it('checks each weather reading against its range, flags stuck and implausible ones, with age and unit', async () => {
    const account = await farm()
    const { idClient, air, mast, probe } = account
    // The air temperature moves; the humidity has read 63.0 % for three hours; the dew point is broken.
    await insertReadings(
      server,
      idClient,
      air.id,
      'TEMP_1',
      every15(3, (index) => 18 + index * 0.3),
    )
    await insertReadings(
      server,
      idClient,
      air.id,
      'humidity',
      every15(3, () => 63),
    )
    await insertReadings(server, idClient, air.id, 'TEMP_DEW_1', [[minutesAgo(5), -127]])
    // 1.4 mm of rain today (the farm's day began at 22:00 UTC), the barometer steady but alive.
    await insertReadings(server, idClient, mast.id, 'cnt3', [
      [minutesAgo(200), 100],
      [minutesAgo(60), 105],
      [minutesAgo(10), 107],
    ])
    await insertReadings(
      server,
      idClient,
      mast.id,
      'ANALOG_USR_1',
      every15(3, (index) => 1012 + (index % 3) * 0.2),
    )
    await insertReadings(server, idClient, mast.id, 'ANALOG_USR_2', [[minutesAgo(5), 3.2]])
    // A soil probe is no weather station, whatever it reads.
    await insertReadings(server, idClient, probe.id, 'TEMP_1', [[minutesAgo(5), 250]])

    const answer = await check(account.session)
    expect(Date.parse(answer.checked_at)).toBeGreaterThanOrEqual(now)
    expect(answer.time_zone).toBe('Europe/Warsaw')
    expect(itemOf(answer, 'TEMP_1')).toMatchObject({
      id_object: air.id,
      model: 'AM-200',
      quantity: 'air_temperature',
      value: 21.6,
      unit: '°C',
      status: 'ok',
      range: { min: -45, max: 55 },
      at: minutesAgo(0),
    })
    expect(itemOf(answer, 'TEMP_1')?.age_seconds).toBeLessThan(60)
    expect(itemOf(answer, 'humidity')).toMatchObject({
      quantity: 'air_humidity',
      value: 63,
      unit: '%',
      status: 'stuck',
      stuck_since: minutesAgo(180),
      stuck_hours: 3,
    })
    expect(itemOf(answer, 'TEMP_DEW_1')).toMatchObject({ status: 'implausible', value: -127 })
    expect(itemOf(answer, 'TEMP_DEW_1')?.age_seconds).toBeGreaterThanOrEqual(300)
    expect(itemOf(answer, 'VPD_1')).toMatchObject({
      status: 'no_data',
      value: null,
      at: null,
      age_seconds: null,
    })
    expect(itemOf(answer, 'DI_USR_3')).toMatchObject({
      id_output: account.rain.id,
      name: 'Rain gauge',
      quantity: 'rain_day',
      value: 1.4,
      unit: 'mm',
      status: 'ok',
      stuck_hours: null,
    })
    expect(itemOf(answer, 'ANALOG_USR_1')).toMatchObject({
      name: 'Barometer',
      quantity: 'pressure',
      unit: 'hPa',
      status: 'ok',
      range: { min: 870, max: 1085 },
    })
    // Neither the main line's manometer (bar) nor the soil probe is checked.
    expect(itemOf(answer, 'ANALOG_USR_2')).toBeUndefined()
    expect(answer.items.filter((item) => item.id_object === probe.id)).toEqual([])
    expect(answer.counts).toEqual({ ok: 3, implausible: 1, stuck: 1, no_data: 1 })

    // Recorded as a test run: who, when, each reading's result and why.
    const history = await account.session.request('GET', '/api/test/runs?kind=weather')
    const [run] = testRunsAnswerSchema.parse(history.body).runs
    expect(run).toMatchObject({
      id: answer.id_run,
      kind: 'weather',
      result: 'partial',
      id_user: account.user.id,
    })
    expect(run?.details.items).toContainEqual({
      key: `object:${air.id}:humidity`,
      label: `${itemOf(answer, 'humidity')!.object_name || `#${air.id}`} · humidity`,
      result: 'fail',
      reason: 'weather_stuck',
    })
    expect(run?.details.items.find((entry) => entry.key.endsWith(':TEMP_DEW_1'))?.reason).toBe(
      'weather_implausible',
    )
    expect(run?.details.items.find((entry) => entry.key.endsWith(':VPD_1'))).toMatchObject({
      result: 'skipped',
      reason: 'weather_no_data',
    })
  })

  it('lets every user of the account check, and shows another account none of its stations', async () => {
    const mine = await farm()
    await insertReadings(server, mine.idClient, mine.air.id, 'TEMP_1', [[minutesAgo(2), 20.5]])
    const { email } = await addUser(server, mine.idClient, 'normal')
    const colleague = await loggedIn(server.url, email)
    expect(itemOf(await check(colleague), 'TEMP_1')).toMatchObject({ value: 20.5, status: 'ok' })

    const other = await seedAccount(server, [])
    const stranger = await loggedIn(server.url, other.email, other.password)
    const theirs = await check(stranger)
    expect(theirs.items).toEqual([])
    expect(theirs.counts).toEqual({ ok: 0, implausible: 0, stuck: 0, no_data: 0 })
    // Their history holds their own failed check only, never this account's.
    const { runs } = testRunsAnswerSchema.parse((await stranger.request('GET', '/api/test/runs')).body)
    expect(runs).toHaveLength(1)
    expect(runs[0]).toMatchObject({
      kind: 'weather',
      result: 'fail',
      details: { reason: 'weather_no_stations' },
    })
  })

  it('refuses a visitor who is not logged in, and a write without the CSRF token', async () => {
    const anonymous = await httpSession(server.url).write('POST', '/api/test/weather')
    expect(anonymous.status).toBe(401)
    const account = await farm()
    const forged = await account.session.request('POST', '/api/test/weather')
    expect(forged.status).toBe(403)
  })
})
