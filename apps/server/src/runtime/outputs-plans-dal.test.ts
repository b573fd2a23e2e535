import { planErrors, planStatus } from '@kropla/domain'
import { beforeAll, describe, expect, it } from 'vitest'
import { useTestDatabase } from '../test/test-database'
import { createOutputsPlansDal, type OutputsPlansDal } from './outputs-plans-dal'

/** The owner of `outputs_plans` writes, called directly on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL). */
const used = useTestDatabase()
let plans: OutputsPlansDal
beforeAll(() => {
  plans = createOutputsPlansDal(used.database.db)
})

const at = (time: string) => new Date(`2030-05-01T${time}:00Z`)

interface Stored {
  id: number
  status: number
  error: string | null
  started_at: Date | null
  finished_at: Date | null
  id_command: string | null
  confirmed_state: number | null
  fertigation_confirm_state: number | null
}
async function stored(ids: number[]): Promise<Stored[]> {
  const { rows: found } = await used.database.pool.query<Stored>(
    `select id::int as id, status, error, started_at, finished_at, id_command, confirmed_state, fertigation_confirm_state
       from outputs_plans where id = any($1::bigint[]) order by id`,
    [ids],
  )
  return found
}
const countOf = async (idClient: number) =>
  Number(
    (
      await used.database.pool.query('select count(*)::int as n from outputs_plans where id_client = $1', [
        idClient,
      ])
    ).rows[0].n,
  )

describe('inserting runs', () => {
  it("skips a run the unique index holds (the planner's repeated extension is a no-op) and answers only the new ids", async () => {
    const { idClient, run, outputs } = await used.rows.plansFarm()
    const first = await plans.insertRuns([run({ open_at: at('06:00') }), run({ open_at: at('07:00') })])
    expect(first).toHaveLength(2)
    expect(await plans.insertRuns([run({ open_at: at('06:00') }), run({ open_at: at('07:00') })])).toEqual([])
    // Same output and nominal time, another opening time: still the same run.
    expect(await plans.insertRuns([run({ open_at: at('06:05'), planned_at: at('06:00') })])).toEqual([])
    const mixed = await plans.insertRuns([
      run({ open_at: at('07:00') }),
      run({ open_at: at('07:00'), id_output: outputs[1]! }),
      run({ open_at: at('07:00'), role: 'clean_source', element_index: null }),
    ])
    expect(mixed).toHaveLength(2)
    expect(mixed.every((id) => !first.includes(id))).toBe(true)
    expect(await countOf(idClient)).toBe(4)
    expect(await plans.insertRuns([])).toEqual([])
  })

  it('inserts a manual sequence as given, and refuses a duplicate with nothing of the batch stored', async () => {
    const { idClient, run } = await used.rows.plansFarm()
    const ids = await plans.insert([run({ open_at: at('08:00') }), run({ open_at: at('08:10') })])
    expect(ids).toHaveLength(2)
    await expect(
      plans.insert([run({ open_at: at('09:00') }), run({ open_at: at('08:00') })]),
    ).rejects.toThrow()
    expect(await countOf(idClient)).toBe(2)
  })
})

describe('deleting planned runs', () => {
  it("removes only the account's planned runs of those schedules, within [from, until)", async () => {
    const { idClient, idSchedule, run } = await used.rows.plansFarm()
    const other = await used.rows.plansFarm()
    const idSchedule2 = await used.rows.schedule(idClient)
    const [early, onFrom, inside, onUntil] = await plans.insert([
      run({ open_at: at('05:00') }),
      run({ open_at: at('06:00') }),
      run({ open_at: at('06:30') }),
      run({ open_at: at('07:00') }),
    ])
    const [sent] = await plans.insert([run({ open_at: at('06:20'), status: planStatus.sent })])
    const [otherSchedule] = await plans.insert([run({ open_at: at('06:40'), id_schedule: idSchedule2 })])
    const [othersRun] = await plans.insert([other.run({ open_at: at('06:30') })])

    // Another account's id never reaches these runs, nor this account's id the other's.
    expect(await plans.deletePlanned(other.idClient, [idSchedule])).toEqual([])
    expect(await plans.deletePlanned(idClient, [other.idSchedule])).toEqual([])
    expect(await plans.deletePlanned(idClient, [])).toEqual([])

    expect((await plans.deletePlanned(idClient, [idSchedule], at('06:00'), at('07:00'))).sort()).toEqual(
      [onFrom!, inside!].sort(),
    )
    expect(await plans.deletePlanned(idClient, [idSchedule], null, at('06:00'))).toEqual([early])
    expect(await plans.deletePlanned(idClient, [idSchedule])).toEqual([onUntil])
    expect((await stored([sent!, otherSchedule!, othersRun!])).map((row) => row.id)).toEqual([
      sent,
      otherSchedule,
      othersRun,
    ])
  })
})

describe('status changes', () => {
  it('move a run only from the status it was read in: of two runners at once, one moves it', async () => {
    const { run } = await used.rows.plansFarm()
    const [a, b] = await plans.insert([run({ open_at: at('06:00') }), run({ open_at: at('06:10') })])
    const racing = await Promise.all([
      plans.transition([a!, b!], [planStatus.planned], planStatus.sent, { started_at: at('06:00') }),
      plans.transition([a!, b!], [planStatus.planned], planStatus.sent, { started_at: at('06:01') }),
    ])
    expect(racing.flat().sort()).toEqual([a, b].sort())
    expect(await plans.transition([a!], [planStatus.planned], planStatus.cancelled)).toEqual([])
    expect(await plans.transition([], [planStatus.sent], planStatus.error)).toEqual([])
  })

  it('set the error when given, keep it when absent, clear it with null; a start and an end once given stay', async () => {
    const { run } = await used.rows.plansFarm()
    const [id] = await plans.insert([run({ open_at: at('06:00') })])
    await plans.transition([id!], [planStatus.planned], planStatus.sent, { started_at: at('06:00') })
    await plans.transition([id!], [planStatus.sent], planStatus.error, {
      error: planErrors.notConfirmed,
      finished_at: at('06:10'),
    })
    expect(await stored([id!])).toMatchObject([
      {
        status: planStatus.error,
        error: planErrors.notConfirmed,
        started_at: at('06:00'),
        finished_at: at('06:10'),
      },
    ])
    await plans.transition([id!], [planStatus.error], planStatus.running)
    expect(await stored([id!])).toMatchObject([
      {
        status: planStatus.running,
        error: planErrors.notConfirmed,
        started_at: at('06:00'),
        finished_at: at('06:10'),
      },
    ])
    await plans.transition([id!], [planStatus.running], planStatus.executed, { error: null })
    expect(await stored([id!])).toMatchObject([{ status: planStatus.executed, error: null }])
  })

  it('record the command on those runs only', async () => {
    const { run } = await used.rows.plansFarm()
    const [a, b] = await plans.insert([run({ open_at: at('06:00') }), run({ open_at: at('06:10') })])
    await plans.recordCommand([a!], 'cmd-1')
    expect((await stored([a!, b!])).map((row) => row.id_command)).toEqual(['cmd-1', null])
  })
})

describe("what a module's reported state confirms", () => {
  it('an output on confirms its sent or running runs still open (a sent one now runs), once', async () => {
    const { idClient, idObject, outputs, run } = await used.rows.plansFarm()
    const elsewhere = await used.rows.module(idClient)
    const sameFieldElsewhere = await used.rows.output(idClient, elsewhere, 'o1')
    const [sent, running, ended, planned, otherOutput, otherModule] = await plans.insert([
      run({ open_at: at('06:00'), status: planStatus.sent }),
      run({ open_at: at('06:00'), status: planStatus.running, id_output: outputs[1]! }),
      run({ open_at: at('05:00'), status: planStatus.sent }),
      run({ open_at: at('06:02'), status: planStatus.planned }),
      run({ open_at: at('06:00'), status: planStatus.sent, id_output: outputs[2]! }),
      run({ open_at: at('06:00'), status: planStatus.sent, id_output: sameFieldElsewhere }),
    ])
    const confirmed = await plans.confirmOpen(idObject, ['o1', 'o2'], at('06:05'))
    expect(confirmed.sort()).toEqual([sent!, running!].sort())
    expect(await plans.confirmOpen(idObject, ['o1', 'o2'], at('06:05'))).toEqual([])
    const after = await stored([sent!, running!, ended!, planned!, otherOutput!, otherModule!])
    expect(after.map((row) => [row.status, row.confirmed_state])).toEqual([
      [planStatus.running, 1],
      [planStatus.running, 1],
      [planStatus.sent, null],
      [planStatus.planned, null],
      [planStatus.sent, null],
      [planStatus.sent, null],
    ])
    // The window's end is not inside it.
    const [lastMinute] = await plans.insert([run({ open_at: at('07:00'), status: planStatus.sent })])
    expect(await plans.confirmOpen(idObject, ['o1'], at('07:10'))).toEqual([])
    expect(await plans.confirmOpen(idObject, ['o1'], at('07:09'))).toEqual([lastMinute])
  })

  it('an output off closes the runs it had confirmed open (running, executed or cancelled), not the others', async () => {
    const { idObject, run } = await used.rows.plansFarm()
    const ids = await plans.insert([
      run({ open_at: at('06:00'), status: planStatus.running }),
      run({ open_at: at('06:10'), status: planStatus.executed }),
      run({ open_at: at('06:20'), status: planStatus.cancelled }),
      run({ open_at: at('06:30'), status: planStatus.error }),
      run({ open_at: at('06:40'), status: planStatus.running }),
    ])
    await used.database.pool.query(
      'update outputs_plans set confirmed_state = 1 where id = any($1::bigint[])',
      [ids.slice(0, 4)],
    )
    expect((await plans.confirmClosed(idObject, ['o1'])).sort()).toEqual(ids.slice(0, 3).sort())
    expect((await stored(ids)).map((row) => row.confirmed_state)).toEqual([0, 0, 0, 1, null])
    expect(await plans.confirmClosed(idObject, ['o1'])).toEqual([])
  })

  it('a fertigation output on confirms the fertigated element runs its source run feeds while they are open; off closes them', async () => {
    const { idClient, idObject, outputs, run } = await used.rows.plansFarm()
    const well = await used.rows.waterSource(idClient)
    const river = await used.rows.waterSource(idClient)
    const valves = await used.rows.module(idClient)
    const valve = await used.rows.output(idClient, valves, 'o1')
    const source = {
      role: 'fertigation_source',
      element_index: null,
      id_output: outputs[2]!,
      status: planStatus.running,
    }
    await plans.insert([run({ open_at: at('06:00'), duration: 30, id_water_source: well, ...source })])
    const element = { id_output: valve, fertigation: true, status: planStatus.running, id_water_source: well }
    // Runs of one valve at one time differ by their nominal time (the unique index).
    const [fed, notFertigated, otherSource, later, planned] = await plans.insert([
      run({ open_at: at('06:00'), ...element }),
      run({ open_at: at('06:00'), planned_at: at('05:01'), ...element, fertigation: false }),
      run({ open_at: at('06:00'), planned_at: at('05:02'), ...element, id_water_source: river }),
      run({ open_at: at('06:20'), ...element }),
      run({ open_at: at('06:00'), planned_at: at('05:04'), ...element, status: planStatus.planned }),
    ])
    // Reported on the fertigation output's own module; a valve's field of the same name says nothing.
    expect(await plans.confirmFertigationOpen(valves, ['o3'], at('06:05'))).toEqual([])
    expect(await plans.confirmFertigationOpen(idObject, ['o3'], at('06:05'))).toEqual([fed])
    expect(await plans.confirmFertigationOpen(idObject, ['o3'], at('06:05'))).toEqual([])
    expect(await plans.confirmFertigationOpen(idObject, ['o3'], at('06:25'))).toEqual([later])
    const after = await stored([fed!, notFertigated!, otherSource!, later!, planned!])
    expect(after.map((row) => row.fertigation_confirm_state)).toEqual([1, null, null, 1, null])
    expect((await plans.confirmFertigationClosed(idObject, ['o3'])).sort()).toEqual([fed!, later!].sort())
    expect((await stored([fed!, later!])).map((row) => row.fertigation_confirm_state)).toEqual([0, 0])
  })
})
