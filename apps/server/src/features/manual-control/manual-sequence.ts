import {
  dateOfDayNumber,
  defaultFarmTimeZone,
  localDayNumber,
  localMinuteOfDay,
  type manualScheduleNewSchema,
  planStatus,
  type ScheduleDefinition,
  scheduleTypes,
} from '@kropla/domain'
import { type Lang, translate } from '@kropla/i18n'
import type { z } from 'zod'
import { HttpError } from '../../app/http-errors'
import type { Database } from '../../db/client'
import type { Realtime } from '../../realtime/socket-server'
import { createOutputsPlansDal } from '../../runtime/outputs-plans-dal'
import { createPlanRowsDal } from '../../runtime/plan-rows-dal'
import { createClientsDal } from '../clients/clients-dal'
import { createManualOpensDal } from './manual-opens-dal'
import { switchableOutputs } from './own-outputs'

export type ManualSequenceInput = z.output<typeof manualScheduleNewSchema>

/** A start this far in the past is refused: the sequence would open outputs late. */
const pastStartMs = 60_000
const maxTotalMinutes = 1440

/** `YYYY-MM-DD` and `HH:mm` of an instant in a time zone. */
function localDayAndTime(at: Date, timeZone: string) {
  const minute = localMinuteOfDay(at, timeZone)
  const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`
  return { day: dateOfDayNumber(localDayNumber(at, timeZone)), time }
}

/**
 * `manual_schedule_new`: a one-off manual schedule (type 0) whose outputs open one after another,
 * each for its minutes, from `start_at` (now when null). Only its rows are made here: the plan
 * runner opens and closes the outputs at their times like any plan. Refused while an automatic
 * schedule holds one of the outputs in the sequence's time.
 */
export function createManualSequence(deps: {
  database: Database
  realtime: Pick<Realtime, 'toClient'>
  now?: () => Date
}) {
  const now = deps.now ?? (() => new Date())
  const db = deps.database.db
  const dal = createManualOpensDal(db)

  /** The farm's (client account's) time zone: a manual schedule's days count in it like any schedule's. */
  async function timeZoneOf(idClient: number) {
    return (await createClientsDal(db).timeZone(idClient)) ?? defaultFarmTimeZone
  }

  return {
    async start(
      context: { idClient: number; idUser: number; lang: Lang },
      input: ManualSequenceInput,
    ): Promise<{ id: number }> {
      const at = now()
      const start = input.start_at ? new Date(input.start_at) : at
      if (start.getTime() < at.getTime() - pastStartMs) throw new HttpError('schedule_data_error')
      const total = input.elements.reduce((sum, element) => sum + element.minutes, 0)
      if (total > maxTotalMinutes) throw new HttpError('schedule_too_long')
      await switchableOutputs(
        dal,
        context.idClient,
        input.elements.map((element) => element.id_output),
      )
      let cursor = start.getTime()
      const runs = input.elements.map((element, index) => {
        const openAt = new Date(cursor)
        cursor += element.minutes * 60_000
        return { ...element, index, openAt, closeAt: new Date(cursor) }
      })
      for (const run of runs) {
        const held = await dal.heldBySchedules(context.idClient, [run.id_output], run.openAt, run.closeAt)
        if (held.length > 0) throw new HttpError('output_schedule_running')
      }

      const timeZone = await timeZoneOf(context.idClient)
      const first = localDayAndTime(start, timeZone)
      const longest = Math.max(...runs.map((run) => run.minutes))
      // The definition records what was asked for; the plans below are what runs (the planner never expands type 0).
      const definition: ScheduleDefinition = {
        rule: { kind: 'every_n_days', n: 1 },
        cycle_minutes: longest,
        starts: { kind: 'hours', times: [first.time] },
        elements: runs.map((run) => ({
          kind: 'output',
          id: run.id_output,
          percent: Math.max(1, Math.round((run.minutes / longest) * 100)),
        })),
        fertigation: { kind: 'none' },
        conditions: [],
      }
      const name = input.name || translate(context.lang, 'resources.use_kinds.manual_open')
      const schedule = {
        id_client: context.idClient,
        name: name.slice(0, 64),
        type: scheduleTypes.manual,
        priority: 1,
        begin_date: first.day,
        expiration_date: localDayAndTime(new Date(cursor), timeZone).day,
        time_zone: timeZone,
        definition,
        planned_until: new Date(cursor),
        created_by: context.idUser,
        created_at: at,
        updated_at: at,
      }
      // The schedule and its runs in one transaction.
      const { idSchedule, planIds } = await db.transaction(async (tx) => {
        const idSchedule = await createManualOpensDal(tx).insertSequenceSchedule(schedule)
        const planIds = await createOutputsPlansDal(tx).insert(
          runs.map((run) => ({
            id_client: context.idClient,
            id_schedule: idSchedule,
            id_output: run.id_output,
            role: 'element',
            element_index: run.index,
            cycle: 1,
            planned_at: run.openAt,
            open_at: run.openAt,
            duration: run.minutes,
            status: planStatus.planned,
            created_at: at,
            updated_at: at,
          })),
        )
        return { idSchedule, planIds }
      })
      const rows = (await createPlanRowsDal(deps.database.pool).byClient(planIds)).get(context.idClient) ?? []
      deps.realtime.toClient(context.idClient).emit('outputs_plans', rows)
      return { id: idSchedule }
    },
  }
}
export type ManualSequence = ReturnType<typeof createManualSequence>
