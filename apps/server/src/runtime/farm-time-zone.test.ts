import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dayIn } from '../features/schedules/schedule-row'
import { irrigatedAccount, scheduleBody } from '../test/schedule-fixtures'
import { plansOf } from '../test/test-farm'
import { startTestServer, type TestServer } from '../test/test-server'

// The server's own zone must not matter: neither Warsaw, nor the farm's, nor the user's.
const serverZone = process.env.TZ
process.env.TZ = 'Asia/Tokyo'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server?.stop()
  // Test files share their worker's process (isolate: false): the zone goes back as it was.
  if (serverZone === undefined) delete process.env.TZ
  else process.env.TZ = serverZone
})

const wallClock = (moment: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    moment,
  )

async function setFarmZone(farm: Awaited<ReturnType<typeof irrigatedAccount>>, timeZone: string) {
  const account = (await farm.session.request('GET', '/api/client')).body as Record<string, unknown>
  return farm.session.write('PUT', '/api/client', { ...account, time_zone: timeZone })
}

describe("a farm's schedules run in the farm's time zone", () => {
  it('plans a New York farm’s 08:24 start at 08:24 New York time, whatever the user’s or the server’s zone', async () => {
    const farm = await irrigatedAccount(server)
    // The user reads times in Warsaw; the farm is in New York.
    const preferences = await farm.session.write('PUT', '/api/profile/preferences', {
      time_zone: 'Europe/Warsaw',
      date_format: 'YYYY-MM-DD HH:mm:ss',
      temperature_unit: 'C',
      area_unit: 'ha',
    })
    expect(preferences.status).toBe(200)
    const moved = await setFarmZone(farm, 'America/New_York')
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)
    expect(moved.body.time_zone).toBe('America/New_York')
    const me = await farm.session.request('GET', '/api/me')
    expect(me.body.user).toMatchObject({ time_zone: 'Europe/Warsaw', client_time_zone: 'America/New_York' })

    const tomorrowInNewYork = dayIn('America/New_York', new Date(Date.now() + 86_400_000))
    const answer = await farm.session.write(
      'POST',
      '/api/schedulers',
      scheduleBody([{ kind: 'output', id: farm.valve[0]!.id }], {
        begin_date: tomorrowInNewYork,
        definition: { starts: { kind: 'every', start_time: '08:24', count: 1, every_minutes: 60 } },
      }),
    )
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    expect(answer.body.time_zone).toBe('America/New_York')
    const plans = await plansOf(server, answer.body.id as number)
    expect(plans.length).toBeGreaterThanOrEqual(1)
    const first = new Date(plans[0]!.open_at)
    expect(dayIn('America/New_York', first)).toBe(tomorrowInNewYork)
    expect(wallClock(first, 'America/New_York')).toBe('08:24')
    // 12:24 UTC in summer (EDT), 13:24 in winter (EST).
    expect(['12:24', '13:24']).toContain(wallClock(first, 'UTC'))
    expect(plans.every((plan) => wallClock(new Date(plan.open_at), 'America/New_York') === '08:24')).toBe(
      true,
    )

    // The admin moves the farm to Warsaw: its schedules move with it and are planned afresh.
    expect((await setFarmZone(farm, 'Europe/Warsaw')).status).toBe(200)
    const replanned = await plansOf(server, answer.body.id as number)
    expect(replanned.length).toBeGreaterThanOrEqual(1)
    expect(replanned.every((plan) => wallClock(new Date(plan.open_at), 'Europe/Warsaw') === '08:24')).toBe(
      true,
    )
    const schedule = await farm.session.request('GET', `/api/schedulers/${answer.body.id}`)
    expect(schedule.body.time_zone).toBe('Europe/Warsaw')
  })

  it('refuses a zone Intl does not know, in the user’s language, and keeps the old one', async () => {
    const farm = await irrigatedAccount(server, 'pl')
    const refused = await setFarmZone(farm, 'Mars/Olympus')
    expect(refused.status).toBe(400)
    expect(refused.body.issues).toEqual([expect.objectContaining({ path: 'time_zone' })])
    expect((await farm.session.request('GET', '/api/client')).body.time_zone).toBe('Europe/Warsaw')
  })
})
