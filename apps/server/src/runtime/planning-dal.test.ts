import { manualStatus, planStatus } from '@kropla/domain'
import { beforeAll, describe, expect, it } from 'vitest'
import { useTestDatabase } from '../test/test-database'
import { createPlanningDal, type PlanningDal } from './planning-dal'

/** What the planner reads, called directly on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL). */
const used = useTestDatabase()
let dal: PlanningDal
beforeAll(() => {
  dal = createPlanningDal(used.database.db)
})

const at = (time: string) => new Date(`2030-05-01T${time}:00Z`)
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b)

/** Resolves once `probe` holds (checked every 20 ms). */
async function until(probe: () => Promise<boolean>) {
  while (!(await probe())) await new Promise((resolve) => setTimeout(resolve, 20))
}

describe('the plans holding outputs', () => {
  it("are the account's planned, sent or running runs not over by `from`", async () => {
    const { idClient, outputs, store } = await used.rows.plansFarm()
    const other = await used.rows.plansFarm()
    await store(
      { open_at: at('05:50'), id_output: outputs[1]! }, // ends exactly at `from`: over
      { open_at: at('05:51') },
      { open_at: at('06:00'), status: planStatus.sent, duration: 5 },
      { open_at: at('06:10'), status: planStatus.running },
      { open_at: at('06:20'), status: planStatus.executed },
      { open_at: at('06:30'), status: planStatus.cancelled },
      { open_at: at('06:40'), status: planStatus.error },
    )
    await other.store({ open_at: at('06:00') })
    const held = await dal.heldPlans(idClient, at('06:00'), [])
    expect(held.map((plan) => [plan.id_output, plan.open_at.toISOString(), plan.duration]).sort()).toEqual(
      [
        [outputs[0], at('05:51').toISOString(), 10],
        [outputs[0], at('06:00').toISOString(), 5],
        [outputs[0], at('06:10').toISOString(), 10],
      ].sort(),
    )
  })

  it('leave out the planned runs of the schedules being replanned, not their sent ones nor manual runs', async () => {
    const { idClient, idSchedule, store } = await used.rows.plansFarm()
    const partner = await used.rows.schedule(idClient)
    await store(
      { open_at: at('07:00') },
      { open_at: at('07:10'), status: planStatus.sent },
      { open_at: at('07:20'), id_schedule: partner },
      { open_at: at('07:30'), id_schedule: null },
    )
    const held = await dal.heldPlans(idClient, at('06:00'), [idSchedule])
    expect(held.map((plan) => plan.open_at.toISOString()).sort()).toEqual(
      [at('07:10'), at('07:20'), at('07:30')].map((time) => time.toISOString()),
    )
    expect(await dal.heldPlans(idClient, at('06:00'), [idSchedule, partner])).toHaveLength(2)
  })

  it('include manual openings while they hold their output (cancelled or earlier), of this account only', async () => {
    const { idClient, outputs } = await used.rows.plansFarm()
    const other = await used.rows.plansFarm()
    const open = (idClient: number, idOutput: number, status: number, minutes: number | null) =>
      used.database.pool.query(
        'insert into manual_opens (id_client, id_output, status, open_at, minutes) values ($1, $2, $3, $4, $5)',
        [idClient, idOutput, status, at('06:00'), minutes],
      )
    for (const status of Object.values(manualStatus)) await open(idClient, outputs[0]!, status, status)
    await open(idClient, outputs[1]!, manualStatus.open, null)
    await open(other.idClient, other.outputs[0]!, manualStatus.open, 5)
    const busy = await dal.busyManualOpenings(idClient)
    expect(busy.map((opening) => [opening.id_output, opening.minutes]).sort()).toEqual(
      [
        [outputs[0], manualStatus.awaiting_opening],
        [outputs[0], manualStatus.opening],
        [outputs[0], manualStatus.open],
        [outputs[0], manualStatus.awaiting_closing],
        [outputs[0], manualStatus.cancelled],
        [outputs[1], null],
      ].sort(),
    )
  })
})

describe("a schedule's plans", () => {
  it('answer the earliest nominal time of the planned runs opening at `at` or later, or null', async () => {
    const { idSchedule, store } = await used.rows.plansFarm()
    expect(await dal.earliestPlannedFrom(idSchedule, at('06:00'))).toBeNull()
    await store(
      { open_at: at('05:59'), planned_at: at('05:00') },
      { open_at: at('06:30'), planned_at: at('06:00'), status: planStatus.sent },
      // Moved later by an overlap: it opens at 06:00 and was meant for 05:30.
      { open_at: at('06:00'), planned_at: at('05:30') },
      { open_at: at('07:00') },
    )
    expect(await dal.earliestPlannedFrom(idSchedule, at('06:00'))).toEqual(at('05:30'))
    expect(await dal.earliestPlannedFrom(idSchedule, at('06:01'))).toEqual(at('07:00'))
    expect(await dal.earliestPlannedFrom(idSchedule, at('07:01'))).toBeNull()
  })

  it('recorded each water source once, and no source as none', async () => {
    const { idClient, idSchedule, store } = await used.rows.plansFarm()
    const well = await used.rows.waterSource(idClient)
    const river = await used.rows.waterSource(idClient)
    expect(await dal.recordedWaterSources(idSchedule)).toEqual([])
    await store(
      { open_at: at('06:00'), id_water_source: well },
      { open_at: at('06:10'), id_water_source: well },
      { open_at: at('06:20'), id_water_source: river, status: planStatus.executed },
      { open_at: at('06:30') },
    )
    expect(sorted(await dal.recordedWaterSources(idSchedule))).toEqual(sorted([well, river]))
  })

  it("find the account's other automatic schedules with planned runs on these water sources", async () => {
    const { idClient, idSchedule, store } = await used.rows.plansFarm()
    const other = await used.rows.plansFarm()
    const well = await used.rows.waterSource(idClient)
    const river = await used.rows.waterSource(idClient)
    const sharing = await used.rows.schedule(idClient)
    const onlySent = await used.rows.schedule(idClient)
    const manual = await used.rows.schedule(idClient, { type: 0 })
    const elsewhere = await used.rows.schedule(idClient)
    await store(
      { open_at: at('06:00'), id_water_source: well },
      { open_at: at('06:00'), id_water_source: well, id_schedule: sharing },
      { open_at: at('06:00'), id_water_source: well, id_schedule: onlySent, status: planStatus.sent },
      { open_at: at('06:00'), id_water_source: well, id_schedule: manual },
      { open_at: at('06:00'), id_water_source: river, id_schedule: elsewhere },
    )
    const othersWell = await used.rows.waterSource(other.idClient)
    await other.store({ open_at: at('06:00'), id_water_source: othersWell })
    const ids = async (except: number | null, sources: number[]) =>
      sorted((await dal.schedulesPlannedOn(idClient, except, sources)).map((schedule) => schedule.id))
    expect(await ids(idSchedule, [well])).toEqual([sharing])
    expect(await ids(null, [well])).toEqual(sorted([idSchedule, sharing]))
    expect(await ids(idSchedule, [well, river])).toEqual(sorted([sharing, elsewhere]))
    expect(await ids(idSchedule, [othersWell])).toEqual([])
  })
})

describe('schedules', () => {
  it('of the account only: its automatic ones not deleted, one by id, several by id', async () => {
    const { idClient, idSchedule } = await used.rows.plansFarm()
    const other = await used.rows.plansFarm()
    const deleted = await used.rows.schedule(idClient, { deleted_at: at('05:00') })
    const manual = await used.rows.schedule(idClient, { type: 0 })
    const ended = await used.rows.schedule(idClient, { ended_at: at('05:00') })
    expect(sorted((await dal.automaticSchedules(idClient)).map((schedule) => schedule.id))).toEqual(
      sorted([idSchedule, ended]),
    )
    expect((await dal.schedule(idClient, idSchedule))?.id).toBe(idSchedule)
    expect(await dal.schedule(idClient, other.idSchedule)).toBeUndefined()
    expect(await dal.schedule(other.idClient, idSchedule)).toBeUndefined()
    expect(sorted((await dal.schedulesByIds([manual, deleted])).map((schedule) => schedule.id))).toEqual(
      sorted([manual, deleted]),
    )
  })

  it('short of the horizon: automatic, not deleted, not ended by `at`, planned to before `before` or never', async () => {
    const idClient = await used.rows.client()
    const made = {
      never: await used.rows.schedule(idClient),
      short: await used.rows.schedule(idClient, { planned_until: at('05:59') }),
      exactly: await used.rows.schedule(idClient, { planned_until: at('06:00') }),
      endsLater: await used.rows.schedule(idClient, { ended_at: at('04:01'), planned_until: at('05:00') }),
      endedAtAt: await used.rows.schedule(idClient, { ended_at: at('04:00'), planned_until: at('05:00') }),
      deleted: await used.rows.schedule(idClient, { deleted_at: at('01:00') }),
      manual: await used.rows.schedule(idClient, { type: 0 }),
      paused: await used.rows.schedule(idClient, { paused_from: at('01:00') }),
    }
    const found = new Set((await dal.plannedShortOf(at('04:00'), at('06:00'))).map((schedule) => schedule.id))
    const shortOnes = Object.entries(made)
      .filter(([, id]) => found.has(id))
      .map(([name]) => name)
    expect(shortOnes.sort()).toEqual(['endsLater', 'never', 'paused', 'short'])
  })

  it('record how far they are planned, those only', async () => {
    const idClient = await used.rows.client()
    const [a, b] = [await used.rows.schedule(idClient), await used.rows.schedule(idClient)]
    await dal.setPlannedUntil([a], at('23:00'))
    expect(
      (await dal.schedulesByIds([a, b])).map((schedule) => [schedule.id, schedule.planned_until]),
    ).toEqual(
      expect.arrayContaining([
        [a, at('23:00')],
        [b, null],
      ]),
    )
  })
})

describe("an account's plan lock", () => {
  // PGlite is one connection: a second transaction waits for the connection, not the lock.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "holds a second transaction of the same account until the first ends, and no other account's",
    async () => {
      const events: string[] = []
      let release = () => {}
      const released = new Promise<void>((resolve) => {
        release = resolve
      })
      const first = used.database.db.transaction(async (tx) => {
        await createPlanningDal(tx).lockAccountPlans(101)
        events.push('first locked')
        await released
        events.push('first ends')
      })
      await until(async () => events.includes('first locked'))
      await used.database.db.transaction((tx) => createPlanningDal(tx).lockAccountPlans(102))
      events.push('another account locked')
      const second = used.database.db.transaction(async (tx) => {
        await createPlanningDal(tx).lockAccountPlans(101)
        events.push('second locked')
      })
      await until(async () => {
        const { rows: waiting } = await used.database.pool.query(
          "select 1 from pg_locks where locktype = 'advisory' and not granted",
        )
        return waiting.length > 0
      })
      expect(events).toEqual(['first locked', 'another account locked'])
      release()
      await Promise.all([first, second])
      expect(events).toEqual(['first locked', 'another account locked', 'first ends', 'second locked'])
    },
  )
})
