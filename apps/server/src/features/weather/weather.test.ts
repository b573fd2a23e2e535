import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addUser, loggedIn } from '../../test/account-fixtures'
import { addOutput, insertReadings, issuesOf, rainGauge } from '../../test/resource-fixtures'
import { httpSession, seedAccount, startTestServer, type TestServer } from '../../test/test-server'

// "Now" is 23:45 CET on 25 October 2026, the day Warsaw turns its clocks back: the farm's day
// lasts 25 hours, from 22:00 UTC on the 24th to 23:00 UTC on the 25th.
const now = Date.parse('2026-10-25T22:45:30Z')
const offset = now - Date.now()

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({}, { now: () => new Date(Date.now() + offset) })
})
afterAll(() => server?.stop())

async function farm() {
  const seeded = await seedAccount(server, ['AM-200', 'AM-600', 'AM-600'])
  const session = await loggedIn(server.url, seeded.email, seeded.password)
  const [air, mast, pumpHouse] = seeded.modules as [
    (typeof seeded.modules)[0],
    (typeof seeded.modules)[0],
    (typeof seeded.modules)[0],
  ]
  const rain = await addOutput(session, mast.id, 'DI_USR_3', rainGauge)
  const wind = await addOutput(session, mast.id, 'DI_USR_4', {
    name: 'Anemometer',
    kind: 'counter_input',
    type: 'anemometer_speed_count',
    properties: { anemo_speed_units: 0, multiplier: 0.5, counter_type: 1 },
  })
  const meter = await addOutput(session, pumpHouse.id, 'DI_USR_3', {
    name: 'Water meter',
    kind: 'counter_input',
    type: 'flowmeter',
    properties: { flow_units: 1, multiplier: 1, counter_type: 1 },
  })
  return { ...seeded, idClient: seeded.user.id_client, session, air, mast, pumpHouse, rain, wind, meter }
}

describe('weather settings', () => {
  it('offers only the account AM-200 and inputs set up as rain gauge or anemometer, and keeps the choice', async () => {
    const account = await farm()
    const before = await account.session.request('GET', '/api/weather/settings')
    expect(before.status).toBe(200)
    expect(before.body).toMatchObject({
      settings: { air_object_id: null, rain_output_id: null, wind_output_id: null },
      choices: {
        air_stations: [{ id: account.air.id }],
        rain_gauges: [
          { id: account.rain.id, name: 'Rain gauge', id_object: account.mast.id, field_name: 'DI_USR_3' },
        ],
        anemometers: [{ id: account.wind.id, name: 'Anemometer', type: 'anemometer_speed_count' }],
      },
    })
    const choice = {
      air_object_id: account.air.id,
      rain_output_id: account.rain.id,
      wind_output_id: account.wind.id,
    }
    const saved = await account.session.write('PUT', '/api/weather/settings', choice)
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect((await account.session.request('GET', '/api/weather/settings')).body).toMatchObject({
      settings: choice,
    })
  })

  it('refuses a module or input of an unfitting model on its field', async () => {
    const account = await farm()
    const refused = await account.session.write('PUT', '/api/weather/settings', {
      air_object_id: account.mast.id,
      rain_output_id: account.meter.id,
      wind_output_id: account.rain.id,
    })
    expect(refused.status).toBe(400)
    expect(issuesOf(refused.body)).toEqual({
      air_object_id: 'Choose a value from the list.',
      rain_output_id: 'Choose a value from the list.',
      wind_output_id: 'Choose a value from the list.',
    })
    expect((await account.session.write('PUT', '/api/weather/settings', { air_object_id: 'x' })).status).toBe(
      400,
    )
  })

  it("never lets another account choose, see or change this account's stations", async () => {
    const mine = await farm()
    await mine.session.write('PUT', '/api/weather/settings', {
      air_object_id: mine.air.id,
      rain_output_id: mine.rain.id,
      wind_output_id: mine.wind.id,
    })
    const other = await farm()
    const foreign = await other.session.write('PUT', '/api/weather/settings', {
      air_object_id: mine.air.id,
      rain_output_id: mine.rain.id,
      wind_output_id: mine.wind.id,
    })
    expect(foreign.status).toBe(400)
    expect(Object.keys(issuesOf(foreign.body)).sort()).toEqual([
      'air_object_id',
      'rain_output_id',
      'wind_output_id',
    ])
    const seen = await other.session.request('GET', '/api/weather/settings')
    expect(seen.body).toMatchObject({
      settings: { air_object_id: null, rain_output_id: null, wind_output_id: null },
    })
    expect(JSON.stringify(seen.body)).not.toContain(`"id":${mine.air.id},`)
    const weather = await other.session.request('GET', '/api/weather')
    expect(weather.body).toMatchObject({ air: null, rain: null, wind: null })
    // The other account's own choice leaves this one as it was.
    await other.session.write('PUT', '/api/weather/settings', { air_object_id: other.air.id })
    expect((await mine.session.request('GET', '/api/weather/settings')).body).toMatchObject({
      settings: { air_object_id: mine.air.id, rain_output_id: mine.rain.id, wind_output_id: mine.wind.id },
    })
  })

  it('lets any user of the account read the weather but only administrators choose the stations', async () => {
    const account = await farm()
    const { email } = await addUser(server, account.idClient, 'normal')
    const user = await loggedIn(server.url, email)
    expect((await user.request('GET', '/api/weather/settings')).status).toBe(200)
    expect((await user.request('GET', '/api/weather')).status).toBe(200)
    expect((await user.write('PUT', '/api/weather/settings', { air_object_id: account.air.id })).status).toBe(
      403,
    )
    const anonymous = httpSession(server.url)
    expect((await anonymous.request('GET', '/api/weather')).status).toBe(401)
  })
})

describe('the weather', () => {
  it("computes now, the farm's day of 25 hours, rain today and over 7 days, and wind from known readings", async () => {
    const account = await farm()
    const { idClient } = account
    await insertReadings(server, idClient, account.air.id, 'TEMP_1', [
      ['2026-10-24T21:00:00Z', -5], // 23:00 CEST on the 24th: yesterday
      ['2026-10-24T22:30:00Z', 4.2],
      ['2026-10-25T12:00:00Z', 14.6],
      ['2026-10-25T22:30:00Z', 3.1], // 23:30 CET: still today, in the day's 25th hour
    ])
    await insertReadings(server, idClient, account.air.id, 'humidity', [['2026-10-25T22:30:00Z', 87.46]])
    await insertReadings(server, idClient, account.air.id, 'TEMP_DEW_1', [['2026-10-25T22:30:00Z', 1.24]])
    // The rain gauge's running total on DI 3 (cnt3), 0.2 mm a pulse; the 7 days start at midnight
    // on 19 October (22:00 UTC on the 18th, summer time).
    await insertReadings(server, idClient, account.mast.id, 'cnt3', [
      ['2026-10-10T12:00:00Z', 0],
      ['2026-10-18T21:00:00Z', 1000],
      ['2026-10-19T06:00:00Z', 1010],
      ['2026-10-22T12:00:00Z', 1060],
      ['2026-10-24T21:30:00Z', 1065],
      ['2026-10-25T05:00:00Z', 1080],
      ['2026-10-25T06:00:00Z', 5], // the counter was reset
      ['2026-10-25T22:00:00Z', 10],
    ])
    // The anemometer's running total on DI 4 (cnt4), 0.5 m/s for one pulse a second.
    await insertReadings(server, idClient, account.mast.id, 'cnt4', [
      ['2026-10-24T12:00:00Z', 0],
      ['2026-10-24T12:00:10Z', 1000], // yesterday's storm is not today's gust
      ['2026-10-25T10:00:00Z', 1500],
      ['2026-10-25T10:00:10Z', 1520],
      ['2026-10-25T10:00:20Z', 1700],
      ['2026-10-25T22:44:50Z', 1800],
      ['2026-10-25T22:45:00Z', 1840],
    ])
    await account.session.write('PUT', '/api/weather/settings', {
      air_object_id: account.air.id,
      rain_output_id: account.rain.id,
      wind_output_id: account.wind.id,
    })

    const answer = await account.session.request('GET', '/api/weather')
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({
      time_zone: 'Europe/Warsaw',
      today_start: '2026-10-24T22:00:00.000Z',
      today_end: '2026-10-25T23:00:00.000Z',
      air: {
        id_object: account.air.id,
        name: expect.any(String),
        last_at: '2026-10-25T22:30:00.000Z',
        temperature: { value: 3.1, unit: '°C' },
        humidity: { value: 87.5, unit: '%' },
        dew_point: { value: 1.2, unit: '°C' },
        today_min: { value: 3.1, unit: '°C' },
        today_max: { value: 14.6, unit: '°C' },
      },
      rain: {
        id_output: account.rain.id,
        id_object: account.mast.id,
        name: 'Rain gauge',
        last_at: '2026-10-25T22:00:00.000Z',
        // 15 + 5 (after the reset) + 5 pulses today; 10 + 50 + 5 before.
        today: { value: 5, unit: 'mm' },
        last_days: { value: 18, unit: 'mm' },
        days: 7,
      },
      wind: {
        id_output: account.wind.id,
        id_object: account.mast.id,
        name: 'Anemometer',
        last_at: '2026-10-25T22:45:00.000Z',
        speed: { value: 2, unit: 'm/s' },
        today_max: { value: 9, unit: 'm/s' },
      },
    })
  })

  it('answers empty parts for stations not chosen or without readings', async () => {
    const account = await farm()
    await account.session.write('PUT', '/api/weather/settings', { air_object_id: account.air.id })
    const answer = await account.session.request('GET', '/api/weather')
    expect(answer.body).toMatchObject({
      air: {
        temperature: { value: null, unit: '°C' },
        today_min: { value: null, unit: '°C' },
        last_at: null,
      },
      rain: null,
      wind: null,
    })
  })
})
