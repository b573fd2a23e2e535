import { commandStatus, planStatus } from '@kropla/domain'
import { beforeAll, describe, expect, it } from 'vitest'
import { useTestDatabase } from '../test/test-database'
import { createOutputsPlansDal, type OutputsPlansDal } from './outputs-plans-dal'
import { createRunnerDal, type RunnerDal } from './runner-dal'

/**
 * What the plan runner reads, called directly on a real database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL). The runner serves every account, so these reads are not scoped to one; each
 * test picks its own runs out of the answer, at its own day.
 */
const used = useTestDatabase()
let dal: RunnerDal
let plans: OutputsPlansDal
beforeAll(() => {
  dal = createRunnerDal(used.database.pool)
  plans = createOutputsPlansDal(used.database.db)
})

let day = 0
/** A time on a day no other test uses: `time('06:00')`. */
function newDay() {
  day++
  return (time: string) =>
    new Date(Date.UTC(2031, 0, day, Number(time.slice(0, 2)), Number(time.slice(3, 5))))
}

describe('due runs', () => {
  it('are the planned runs opening at `at` or before, of every account, oldest first, with output and schedule', async () => {
    const time = newDay()
    const first = await used.rows.plansFarm({ type: 2, paused_from: time('00:00') })
    const second = await used.rows.plansFarm()
    const [onTime, sent, later] = await first.store(
      { open_at: time('06:00') },
      { open_at: time('05:00'), status: planStatus.sent },
      { open_at: new Date(time('06:00').getTime() + 1) },
    )
    const [earlier, manual] = await second.store(
      { open_at: time('05:30'), id_output: second.outputs[1]! },
      { open_at: time('06:00'), id_schedule: null },
    )
    const due = await dal.dueRuns(time('06:00'))
    const mine = due.filter((run) => [onTime, sent, later, earlier, manual].includes(run.id))
    expect(mine.map((run) => run.id)).toEqual([earlier, ...sorted([onTime!, manual!])])
    expect(mine[0]).toMatchObject({
      id_client: second.idClient,
      id_schedule: second.idSchedule,
      id_object: second.idObject,
      field_name: 'o2',
      open_at: time('05:30'),
      planned_at: time('05:30'),
      duration: 10,
      cycle: 1,
      schedule_type: 1,
    })
    expect(mine.find((run) => run.id === onTime)).toMatchObject({
      schedule_type: 2,
      paused_from: time('00:00'),
      paused_until: null,
      deleted_at: null,
      ended_at: null,
      definition: {},
    })
    expect(mine.find((run) => run.id === manual)).toMatchObject({
      id_schedule: null,
      schedule_type: null,
      definition: null,
      field_name: 'o1',
    })
  })

  it('are at most 1000 a pass, the oldest', async () => {
    // Older than every other test's runs, so these are the oldest due.
    const { store } = await used.rows.plansFarm()
    const start = Date.UTC(2020, 0, 1)
    const ids = await store(
      ...Array.from({ length: 1001 }, (_, index) => ({ open_at: new Date(start + index * 1000) })),
    )
    try {
      const due = await dal.dueRuns(new Date(start + 86_400_000))
      expect(due.map((run) => run.id)).toEqual(ids.slice(0, 1000))
    } finally {
      // Out of the other tests' way.
      await plans.transition(ids, [planStatus.planned], planStatus.cancelled)
    }
  })
})

describe("a cycle's earlier decided run", () => {
  it('is the earliest other run of the schedule and cycle within the span before it that was decided', async () => {
    const time = newDay()
    const { store, idSchedule, outputs } = await used.rows.plansFarm()
    const other = await used.rows.plansFarm()
    const span = 30 * 60_000
    const [run] = await store({ open_at: time('06:30') })
    const subject = { id: run!, id_schedule: idSchedule, cycle: 1, planned_at: time('06:30') }
    expect(await dal.earlierDecidedRun(subject, span)).toBeUndefined()
    await store(
      { open_at: time('05:59'), status: planStatus.condition_not_met }, // before the span
      { open_at: time('06:05') }, // planned: undecided
      { open_at: time('06:06'), status: planStatus.cancelled },
      { open_at: time('06:07'), status: planStatus.missed },
      { open_at: time('06:01'), status: planStatus.sent, cycle: 2 }, // another cycle
      { open_at: time('06:31'), status: planStatus.executed }, // after it
    )
    await other.store({ open_at: time('06:01'), status: planStatus.condition_not_met })
    expect(await dal.earlierDecidedRun(subject, span)).toBeUndefined()
    await store(
      { open_at: time('06:20'), status: planStatus.error, error: 'condition_no_data' },
      { open_at: time('06:00'), status: planStatus.condition_not_met, id_output: outputs[1]! }, // exactly at the span's start
    )
    expect(await dal.earlierDecidedRun(subject, span)).toEqual({
      status: planStatus.condition_not_met,
      error: null,
    })
    expect(await dal.earlierDecidedRun(subject, span - 60_000)).toEqual({
      status: planStatus.error,
      error: 'condition_no_data',
    })
  })
})

describe('sent runs', () => {
  it("are every run sent or running, with its command's status and error (none yet: null)", async () => {
    const time = newDay()
    const { idClient, idObject, store } = await used.rows.plansFarm()
    const [sent, running, noCommand, planned, executed] = await store(
      { open_at: time('06:00'), status: planStatus.sent },
      { open_at: time('06:10'), status: planStatus.running },
      { open_at: time('06:20'), status: planStatus.sent },
      { open_at: time('06:30') },
      { open_at: time('06:40'), status: planStatus.executed },
    )
    const command = async (id: string, status: number, error: string | null) => {
      await used.database.pool.query(
        `insert into commands (id, id_client, id_object, outputs, source, status, error)
         values ($1, $2, $3, '{}', 'plan', $4, $5)`,
        [id, idClient, idObject, status, error],
      )
    }
    await command(`c${day}a`, commandStatus.rejected, 'command_failed')
    await command(`c${day}b`, commandStatus.done, null)
    await plans.recordCommand([sent!], `c${day}a`)
    await plans.recordCommand([running!], `c${day}b`)
    const mine = (await dal.sentRuns()).filter((run) =>
      [sent, running, noCommand, planned, executed].includes(run.id),
    )
    expect(mine.sort((a, b) => a.id - b.id)).toEqual([
      {
        id: sent,
        status: planStatus.sent,
        open_at: time('06:00'),
        duration: 10,
        command_status: commandStatus.rejected,
        command_error: 'command_failed',
      },
      {
        id: running,
        status: planStatus.running,
        open_at: time('06:10'),
        duration: 10,
        command_status: commandStatus.done,
        command_error: null,
      },
      {
        id: noCommand,
        status: planStatus.sent,
        open_at: time('06:20'),
        duration: 10,
        command_status: null,
        command_error: null,
      },
    ])
  })
})

describe('stopped runs', () => {
  it('are the runs in progress at `at` whose schedule was deleted, ended or paused by then', async () => {
    const time = newDay()
    const at = time('06:05')
    const cases = {
      active: {},
      deleted: { deleted_at: time('06:00') },
      endedAtAt: { ended_at: at },
      endsLater: { ended_at: time('06:06') },
      paused: { paused_from: time('06:00') },
      pausedUntilLater: { paused_from: time('06:00'), paused_until: time('06:30') },
      pauseOverAtAt: { paused_from: time('06:00'), paused_until: at },
      pausedLater: { paused_from: time('06:06') },
    }
    const stopped = new Map<number, string>()
    for (const [name, schedule] of Object.entries(cases)) {
      const { store } = await used.rows.plansFarm(schedule)
      const [running] = await store({ open_at: time('06:00'), status: planStatus.running })
      stopped.set(running!, name)
    }
    // A run whose window closed at `at`, a planned one: not in progress.
    const deleted = await used.rows.plansFarm({ deleted_at: time('06:00') })
    const [windowClosed, planned] = await deleted.store(
      { open_at: time('05:55'), status: planStatus.running },
      { open_at: time('06:00'), status: planStatus.planned, id_output: deleted.outputs[1]! },
    )
    stopped.set(windowClosed!, 'windowClosed')
    stopped.set(planned!, 'planned')
    const found = (await dal.stoppedRuns(at)).flatMap((run) => stopped.get(run.id) ?? [])
    expect(found.sort()).toEqual(['deleted', 'endedAtAt', 'paused', 'pausedUntilLater'])
    const one = (await dal.stoppedRuns(at)).find((run) => stopped.get(run.id) === 'deleted')
    expect(one).toMatchObject({ field_name: 'o1' })
    expect(Object.keys(one!).sort()).toEqual(['field_name', 'id', 'id_client', 'id_object'])
  })

  it("leave a stopped schedule's water-source opening running while another schedule's element runs draw from it", async () => {
    const time = newDay()
    const at = time('06:05')
    const { idClient, outputs, store } = await used.rows.plansFarm({ deleted_at: time('06:00') })
    const well = await used.rows.waterSource(idClient)
    const [source, ownElement] = await store(
      {
        open_at: time('06:00'),
        duration: 30,
        role: 'clean_source',
        id_output: outputs[2]!,
        id_water_source: well,
      },
      { open_at: time('06:00'), status: planStatus.running, id_water_source: well },
    )
    await plans.transition([source!], [planStatus.planned], planStatus.running)
    const stoppedIds = async () => (await dal.stoppedRuns(at)).map((run) => run.id)
    // Alone, the source closes with its schedule (its own element runs do not hold it).
    expect((await stoppedIds()).filter((id) => id === source || id === ownElement).sort()).toEqual(
      sorted([source!, ownElement!]),
    )
    const partner = await used.rows.schedule(idClient)
    const valves = await used.rows.module(idClient)
    const valve = await used.rows.output(idClient, valves, 'o1')
    const [over] = await plans.insert([
      {
        id_client: idClient,
        id_schedule: partner,
        id_output: valve,
        id_water_source: well,
        planned_at: time('05:50'),
        open_at: time('05:50'),
        duration: 15,
        status: planStatus.running,
      },
    ])
    expect(await stoppedIds()).toContain(source)
    await plans.transition([over!], [planStatus.running], planStatus.executed)
    await plans.insert([
      {
        id_client: idClient,
        id_schedule: partner,
        id_output: valve,
        id_water_source: well,
        planned_at: time('06:20'),
        open_at: time('06:20'),
        duration: 10,
        status: planStatus.planned,
      },
    ])
    expect(await stoppedIds()).not.toContain(source)
    expect(await stoppedIds()).toContain(ownElement)
  })
})

function sorted(ids: number[]) {
  return [...ids].sort((a, b) => a - b)
}
