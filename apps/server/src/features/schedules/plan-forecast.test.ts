import type { OutputPlanRow } from '@kropla/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { created } from '../../test/resource-fixtures'
import { irrigatedAccount, scheduleBody, warsawDay } from '../../test/schedule-fixtures'
import { startTestServer, type TestServer } from '../../test/test-server'
import { startOfDayIn } from './schedule-row'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server?.stop())

const warsaw = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Warsaw',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
})
/** "YYYY-MM-DD HH:mm" in Warsaw, the zone of the account's user and schedules. */
const local = (iso: string) => warsaw.format(new Date(iso))
/** A run as a person reads it in the calendar: day and time, output, role, minutes. */
const seen = (run: OutputPlanRow) => `${local(run.open_at)} ${run.Output.name} ${run.role} ${run.duration}`

type Farm = Awaited<ReturnType<typeof irrigatedAccount>>
const week = `from=${warsawDay(0)}&to=${warsawDay(7)}`
const rowsOf = async (farm: Farm, path: string) => {
  const answer = await farm.session.request('GET', path)
  expect(answer.status).toBe(200)
  return answer.body as unknown as OutputPlanRow[]
}

describe("the calendar's forecast", () => {
  it('fills the week beyond the planner’s 48 h with the runs it will plan: priority, shared water source and pauses as the planner', async () => {
    const farm = await irrigatedAccount(server)
    // Two daily schedules on the orchard (valves 1 and 2, drawing from the well whose clean-water
    // output is light o1) at 06:00 Warsaw from tomorrow; the higher-priority one takes 06:00.
    const orchard = (priority: number, name: string) =>
      created(
        farm.session,
        '/api/schedulers',
        scheduleBody([{ kind: 'section', id: farm.orchard.id }], { priority, name }),
      )
    const standard = await orchard(0, 'Standard')
    const first = await orchard(1, 'First')
    // The standard one is paused for all of the 5th day of the week (today is the 1st).
    const day5 = warsawDay(4)
    const paused = await farm.session.write('POST', `/api/schedulers/${standard.id}/pause`, {
      from: startOfDayIn('Europe/Warsaw', day5).toISOString(),
      until: startOfDayIn('Europe/Warsaw', warsawDay(5)).toISOString(),
    })
    expect(paused.status).toBe(200)

    const stored = await rowsOf(farm, `/api/outputs_plans?${week}`)
    const forecast = await rowsOf(farm, `/api/outputs_plans/forecast?${week}`)
    expect(forecast.length).toBeGreaterThan(0)
    expect(forecast.every((run) => run.forecast === true && run.id < 0)).toBe(true)
    expect(stored.some((run) => run.forecast)).toBe(false)
    // Nothing twice: the planner's runs are not forecast again.
    const key = (run: OutputPlanRow) => `${run.id_schedule} ${run.id_output} ${run.role} ${run.planned_at}`
    expect(forecast.map(key).filter((run) => stored.map(key).includes(run))).toEqual([])

    const [valve1, valve2] = [farm.valve[0]!.name, farm.valve[1]!.name]
    const well = farm.light[0]!.name
    const onDay = (day: string, runs: OutputPlanRow[], schedule: number) =>
      runs
        .filter((run) => run.id_schedule === schedule && local(run.open_at).startsWith(day))
        .map(seen)
        .sort()
    // Tomorrow is planned (stored); day 4 on is beyond the horizon whatever the hour now: forecast.
    const tomorrow = warsawDay(1)
    expect(onDay(tomorrow, stored, first.id)).toEqual(
      [
        `${tomorrow} 06:00 ${valve1} element 10`,
        `${tomorrow} 06:00 ${valve2} element 10`,
        // The well's pump opens once for both schedules, 20 minutes on the first one's row.
        `${tomorrow} 06:00 ${well} clean_source 20`,
      ].sort(),
    )
    for (const day of [warsawDay(3), warsawDay(5), warsawDay(6)]) {
      expect(onDay(day, forecast, first.id)).toEqual(
        onDay(tomorrow, stored, first.id).map((run) => run.replace(tomorrow, day)),
      )
      // The standard one waits until 06:10, watered by that pump opening, as the planner did tomorrow.
      expect(onDay(day, forecast, standard.id)).toEqual([
        `${day} 06:10 ${valve1} element 10`,
        `${day} 06:10 ${valve2} element 10`,
      ])
    }
    expect(onDay(tomorrow, stored, standard.id)).toEqual([
      `${tomorrow} 06:10 ${valve1} element 10`,
      `${tomorrow} 06:10 ${valve2} element 10`,
    ])
    // Day 5: the paused schedule has no runs; the other one keeps 06:00 and the pump runs its 10 minutes.
    expect(onDay(day5, forecast, standard.id)).toEqual([])
    expect(onDay(day5, forecast, first.id)).toEqual(
      [
        `${day5} 06:00 ${valve1} element 10`,
        `${day5} 06:00 ${valve2} element 10`,
        `${day5} 06:00 ${well} clean_source 10`,
      ].sort(),
    )
    expect(forecast.find((run) => run.id_schedule === first.id)).toMatchObject({
      Scheduler: { id: first.id, name: 'First', type: 1, deleted_at: null },
      status: 0,
    })
  })

  it('is bounded: a range over 14 days is refused, and nothing is forecast past 14 days ahead', async () => {
    const farm = await irrigatedAccount(server)
    await created(farm.session, '/api/schedulers', scheduleBody([{ kind: 'output', id: farm.valve[0]!.id }]))
    const tooLong = await farm.session.request(
      'GET',
      `/api/outputs_plans/forecast?from=${warsawDay(0)}&to=${warsawDay(15)}`,
    )
    expect([tooLong.status, tooLong.body.error]).toEqual([400, 'validation_failed'])
    const reversed = await farm.session.request(
      'GET',
      `/api/outputs_plans/forecast?from=${warsawDay(3)}&to=${warsawDay(2)}`,
    )
    expect(reversed.status).toBe(400)
    expect(
      await rowsOf(farm, `/api/outputs_plans/forecast?from=${warsawDay(20)}&to=${warsawDay(27)}`),
    ).toEqual([])
    const straddling = await rowsOf(
      farm,
      `/api/outputs_plans/forecast?from=${warsawDay(10)}&to=${warsawDay(17)}`,
    )
    const days = new Set(straddling.map((run) => local(run.open_at).slice(0, 10)))
    expect(days.has(warsawDay(13))).toBe(true)
    expect(days.has(warsawDay(16))).toBe(false)
  })

  it("shows an account only its own schedules' forecast, and nobody logged out", async () => {
    const owner = await irrigatedAccount(server)
    await created(
      owner.session,
      '/api/schedulers',
      scheduleBody([{ kind: 'output', id: owner.valve[0]!.id }]),
    )
    expect((await rowsOf(owner, `/api/outputs_plans/forecast?${week}`)).length).toBeGreaterThan(0)
    const stranger = await irrigatedAccount(server)
    expect(await rowsOf(stranger, `/api/outputs_plans/forecast?${week}`)).toEqual([])
    const anonymous = await fetch(`${server.url}/api/outputs_plans/forecast?${week}`)
    expect(anonymous.status).toBe(401)
  })
})
