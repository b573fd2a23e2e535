import { demoFarm } from '@kropla/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loggedIn } from '../../test/account-fixtures'
import { startTestServer, type TestServer } from '../../test/test-server'
import { seedDemoWeather } from './seed-demo-weather'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ DEMO: '1' })
})
afterAll(() => server?.stop())

describe('the demo farm', () => {
  it('has its weather stations chosen: the air sensor and the weather mast rain gauge and anemometer', async () => {
    const session = await loggedIn(server.url, demoFarm.user.email, demoFarm.user.password)
    const answer = (await session.request('GET', '/api/weather/settings')).body as {
      settings: Record<string, number | null>
      choices: Record<string, { id: number; name: string; object_name?: string }[]>
    }
    const air = answer.choices.air_stations!.find((choice) => choice.id === answer.settings.air_object_id)
    const rain = answer.choices.rain_gauges!.find((choice) => choice.id === answer.settings.rain_output_id)
    const wind = answer.choices.anemometers!.find((choice) => choice.id === answer.settings.wind_output_id)
    expect(air?.name).toBe('Greenhouse air')
    expect(rain).toMatchObject({ name: 'Rain gauge', object_name: 'Weather mast' })
    expect(wind).toMatchObject({ name: 'Anemometer', object_name: 'Weather mast' })

    // Seeding again (every start) keeps what the demo user chose meanwhile.
    expect((await session.write('PUT', '/api/weather/settings', { air_object_id: air!.id })).status).toBe(200)
    await seedDemoWeather(server.database.db)
    const after = (await session.request('GET', '/api/weather/settings')).body as typeof answer
    expect(after.settings).toEqual({ air_object_id: air!.id, rain_output_id: null, wind_output_id: null })
    const outputs = (await session.request('GET', '/api/outputs')).body as unknown as { name: string }[]
    expect(outputs.filter((output) => output.name === 'Rain gauge')).toHaveLength(1)
  })
})
