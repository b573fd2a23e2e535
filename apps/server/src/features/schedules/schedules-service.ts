import {
  defaultFarmTimeZone,
  type endScheduleSchema,
  type pauseScheduleSchema,
  type ScheduleInput,
  type ScheduleRow,
} from '@kropla/domain'
import type { Logger } from 'pino'
import type { z } from 'zod'
import { HttpError } from '../../app/http-errors'
import type { Db } from '../../db/client'
import { isDataException } from '../../db/data-exception'
import type { Executor } from '../../db/executor'
import { createOutputsPlansDal } from '../../runtime/outputs-plans-dal'
import { resolveScheduleElements } from './resolve-elements'
import { toScheduleRow } from './schedule-row'
import { createSchedulesDal, type ScheduleDbRow } from './schedules-dal'

/** Who saves: the account, whose (the farm's) time zone days and start times are counted in, and the user. */
export interface ScheduleActor {
  idClient: number
  user: { id: number; time_zone: string | null }
}

const day = 24 * 3600_000

export interface SchedulesServiceDeps {
  db: Db
  logger: Logger
  now?: () => Date
  /** The planner's replan: after every change the schedule's future runs are planned afresh. */
  onScheduleChanged?: (idClient: number, idSchedule: number) => Promise<void>
  /** Runs removed here (pause, end, delete), for `deleted_outputs_plans`. */
  onPlansDeleted?: (idClient: number, ids: number[]) => void
}

/**
 * The time zone a schedule is counted in: the farm's (its client account's), whoever saves it and
 * whatever zone they see times in (ADR 0040).
 */
export async function scheduleTimeZone(db: Executor, actor: Pick<ScheduleActor, 'idClient'>) {
  return (await createSchedulesDal(db, actor.idClient).accountTimeZone()) ?? defaultFarmTimeZone
}

/**
 * Automatic schedules (spec 01 sections 3-5): saved with their elements resolved and checked,
 * paused (from now or a moment, until a moment or indefinitely), unpaused, ended (shown or
 * hidden), deleted (kept for history, its runs not yet sent removed). Every change is followed by
 * the planner's replan.
 */
export function createSchedulesService(deps: SchedulesServiceDeps) {
  const now = deps.now ?? (() => new Date())
  /**
   * Runs a write. Refusals the user can act on (HttpError) pass through; anything else is logged
   * and answered with `code` as a server failure (500).
   */
  async function failingAs<T>(
    code: 'schedule_save_failed' | 'schedule_pause_failed',
    work: () => Promise<T>,
  ) {
    try {
      return await work()
    } catch (error) {
      // A value the database refused is the request's fault: the error handler answers it with a 400.
      if (error instanceof HttpError || isDataException(error)) throw error
      deps.logger.error({ err: error, code }, 'schedule write failed')
      throw new HttpError(code, { status: 500 })
    }
  }
  const save = <T>(work: () => Promise<T>) => failingAs('schedule_save_failed', work)

  async function changed(idClient: number, id: number, dropped: number[] = []) {
    if (dropped.length) deps.onPlansDeleted?.(idClient, dropped)
    try {
      await deps.onScheduleChanged?.(idClient, id)
    } catch (error) {
      // The change is saved; the planner's rolling horizon plans it on its next pass.
      deps.logger.error({ err: error, idClient, idSchedule: id }, 'replanning a schedule failed')
    }
  }

  async function rows(idClient: number, found: ScheduleDbRow[]): Promise<ScheduleRow[]> {
    const at = now()
    const next = await createSchedulesDal(deps.db, idClient).nextRuns(
      found.map((row) => row.id),
      at,
      new Date(at.getTime() + day),
    )
    return found.map((row) => toScheduleRow(row, at, next.get(row.id) ?? null))
  }

  async function get(idClient: number, id: number): Promise<ScheduleRow> {
    const row = await createSchedulesDal(deps.db, idClient).find(id)
    if (!row) throw new HttpError('not_found')
    return (await rows(idClient, [row]))[0]!
  }

  /** Locks a schedule that may still change: missing or another account's not_found, ended schedule_ended. */
  async function lockOpen(tx: Executor, idClient: number, id: number) {
    const row = await createSchedulesDal(tx, idClient).lock(id)
    if (!row) throw new HttpError('not_found')
    if (row.ended_at) throw new HttpError('schedule_ended', { status: 409 })
    return row
  }

  async function values(tx: Executor, actor: ScheduleActor, input: ScheduleInput) {
    await resolveScheduleElements(tx, actor.idClient, input.type, input.definition)
    return {
      name: input.name,
      type: input.type,
      priority: input.priority,
      begin_date: input.begin_date,
      expiration_date: input.expiration_date,
      definition: input.definition,
      time_zone: await scheduleTimeZone(tx, actor),
    }
  }

  return {
    async list(idClient: number, options: { hidden: boolean }) {
      return rows(idClient, await createSchedulesDal(deps.db, idClient).list(options.hidden))
    },
    get,

    async create(actor: ScheduleActor, input: ScheduleInput) {
      const id = await save(() =>
        deps.db.transaction(async (tx) => {
          const row = await createSchedulesDal(tx, actor.idClient).insert(
            await values(tx, actor, input),
            actor.user.id,
          )
          return row.id
        }),
      )
      await changed(actor.idClient, id)
      return get(actor.idClient, id)
    },

    async update(actor: ScheduleActor, id: number, input: ScheduleInput) {
      await save(() =>
        deps.db.transaction(async (tx) => {
          await lockOpen(tx, actor.idClient, id)
          await createSchedulesDal(tx, actor.idClient).update(id, await values(tx, actor, input))
        }),
      )
      await changed(actor.idClient, id)
      return get(actor.idClient, id)
    },

    /** Soft delete: the schedule stays for the history of its runs; those not yet sent go. */
    async remove(idClient: number, id: number) {
      const dropped = await save(() =>
        deps.db.transaction(async (tx) => {
          const dal = createSchedulesDal(tx, idClient)
          if (!(await dal.lock(id))) throw new HttpError('not_found')
          await dal.update(id, { deleted_at: now() })
          return createOutputsPlansDal(tx).deletePlanned(idClient, [id])
        }),
      )
      await changed(idClient, id, dropped)
    },

    /** No runs from `from` (now when null) until `until` (indefinitely when null). */
    async pause(idClient: number, id: number, input: z.output<typeof pauseScheduleSchema>) {
      const at = now()
      const from = input.from ? new Date(input.from) : at
      const until = input.until ? new Date(input.until) : null
      if (until && until <= at)
        throw new HttpError('schedule_pause_failed', {
          issues: [{ path: 'until', message: 'errors.schedule_pause_failed' }],
        })
      const dropped = await failingAs('schedule_pause_failed', () =>
        deps.db.transaction(async (tx) => {
          await lockOpen(tx, idClient, id)
          const dal = createSchedulesDal(tx, idClient)
          await dal.update(id, { paused_from: from, paused_until: until })
          // A pause from now also stops runs that are due and not yet sent.
          return createOutputsPlansDal(tx).deletePlanned(idClient, [id], from <= at ? null : from, until)
        }),
      )
      await changed(idClient, id, dropped)
      return get(idClient, id)
    },

    async unpause(idClient: number, id: number) {
      await save(() =>
        deps.db.transaction(async (tx) => {
          await lockOpen(tx, idClient, id)
          await createSchedulesDal(tx, idClient).update(id, { paused_from: null, paused_until: null })
        }),
      )
      await changed(idClient, id)
      return get(idClient, id)
    },

    /**
     * Ends the schedule now (no further runs); `hidden` keeps it out of the list unless asked.
     * Ending an ended schedule again only shows or hides it.
     */
    async end(idClient: number, id: number, input: z.output<typeof endScheduleSchema>) {
      const dropped = await save(() =>
        deps.db.transaction(async (tx) => {
          const dal = createSchedulesDal(tx, idClient)
          const row = await dal.lock(id)
          if (!row) throw new HttpError('not_found')
          if (row.ended_at) {
            await dal.update(id, { hidden: input.hidden })
            return []
          }
          await dal.update(id, { ended_at: now(), hidden: input.hidden })
          return createOutputsPlansDal(tx).deletePlanned(idClient, [id])
        }),
      )
      await changed(idClient, id, dropped)
      return get(idClient, id)
    },
  }
}
export type SchedulesService = ReturnType<typeof createSchedulesService>
