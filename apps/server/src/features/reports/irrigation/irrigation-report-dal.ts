import { defaultFarmTimeZone } from '@kropla/domain'
import { and, asc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm'
import type { Executor } from '../../../db/executor'
import {
  clients,
  manual_opens,
  objects,
  outputs,
  outputs_plans,
  readings,
  schedules,
  water_source_outputs,
  water_sources,
} from '../../../db/schema'

/** An output of the account as the irrigation and schedule reports read it. */
export interface ReportOutput {
  id: number
  id_object: number
  field_name: string
  name: string
  type: string
  properties: Record<string, unknown>
  /** The module's model code (AM-411, AM-421 …). */
  model: string
}

export interface ReportPlan {
  id: number
  id_schedule: number | null
  schedule_name: string | null
  schedule_type: number | null
  id_output: number
  role: string
  id_water_source: number | null
  open_at: Date
  duration: number
  fertigation: boolean
  status: number
  confirmed_state: number | null
  fertigation_confirm_state: number | null
  error: string | null
}

export interface ReportManualOpen {
  id: number
  id_output: number
  status: number
  minutes: number | null
  open_at: Date
  close_at: Date | null
  closed_at: Date | null
  error: string | null
}

const outputColumns = {
  id: outputs.id,
  id_object: outputs.id_object,
  field_name: outputs.field_name,
  name: outputs.name,
  type: outputs.type,
  properties: outputs.properties,
  model: objects.last_device_model,
}

/**
 * What the irrigation and schedule reports read: the account's outputs, their plans and manual
 * openings in a range, a schedule and its water sources, and the outputs' reported states. Every
 * query is scoped to the client account it is given.
 */
export function createIrrigationReportDal(db: Executor) {
  const ownOutputs = (idClient: number) =>
    db
      .select(outputColumns)
      .from(outputs)
      .innerJoin(objects, and(eq(objects.id, outputs.id_object), eq(objects.id_client, idClient)))

  return {
    async timeZone(idClient: number): Promise<string> {
      const [row] = await db.select({ zone: clients.time_zone }).from(clients).where(eq(clients.id, idClient))
      return row?.zone ?? defaultFarmTimeZone
    },

    /** The account's outputs among `ids`. */
    async outputsById(idClient: number, ids: number[]): Promise<ReportOutput[]> {
      if (ids.length === 0) return []
      const rows = await ownOutputs(idClient)
        .where(and(eq(outputs.id_client, idClient), inArray(outputs.id, ids)))
        .orderBy(asc(outputs.id))
      return rows as ReportOutput[]
    },

    /** The account's outputs on the given module terminals (`id_object`, `field_name`). */
    async outputsByTerminal(
      idClient: number,
      terminals: { id_object: number; field: string }[],
    ): Promise<ReportOutput[]> {
      if (terminals.length === 0) return []
      const rows = await ownOutputs(idClient)
        .where(
          and(
            eq(outputs.id_client, idClient),
            or(
              ...terminals.map((terminal) =>
                and(eq(outputs.id_object, terminal.id_object), eq(outputs.field_name, terminal.field)),
              ),
            ),
          ),
        )
        .orderBy(asc(outputs.id))
      return rows as ReportOutput[]
    },

    /** Plans on `outputIds` (or of schedule `idSchedule`) opening in [from, to), by time. */
    async plans(
      idClient: number,
      filter: { outputIds?: number[]; idSchedule?: number },
      from: Date,
      to: Date,
    ): Promise<ReportPlan[]> {
      if (filter.outputIds && filter.outputIds.length === 0) return []
      const rows = await db
        .select({
          id: outputs_plans.id,
          id_schedule: outputs_plans.id_schedule,
          schedule_name: schedules.name,
          schedule_type: schedules.type,
          id_output: outputs_plans.id_output,
          role: outputs_plans.role,
          id_water_source: outputs_plans.id_water_source,
          open_at: outputs_plans.open_at,
          duration: outputs_plans.duration,
          fertigation: outputs_plans.fertigation,
          status: outputs_plans.status,
          confirmed_state: outputs_plans.confirmed_state,
          fertigation_confirm_state: outputs_plans.fertigation_confirm_state,
          error: outputs_plans.error,
        })
        .from(outputs_plans)
        // Plans of an output that was removed since are dropped (spec 02 section 7).
        .innerJoin(outputs, and(eq(outputs.id, outputs_plans.id_output), eq(outputs.id_client, idClient)))
        .leftJoin(schedules, eq(schedules.id, outputs_plans.id_schedule))
        .where(
          and(
            eq(outputs_plans.id_client, idClient),
            filter.outputIds ? inArray(outputs_plans.id_output, filter.outputIds) : undefined,
            filter.idSchedule === undefined ? undefined : eq(outputs_plans.id_schedule, filter.idSchedule),
            gte(outputs_plans.open_at, from),
            lt(outputs_plans.open_at, to),
          ),
        )
        .orderBy(asc(outputs_plans.open_at), asc(outputs_plans.id_output), asc(outputs_plans.id))
      return rows
    },

    /** Manual openings of `outputIds` opening in [from, to), by time. */
    async manualOpens(
      idClient: number,
      outputIds: number[],
      from: Date,
      to: Date,
    ): Promise<ReportManualOpen[]> {
      if (outputIds.length === 0) return []
      return db
        .select({
          id: manual_opens.id,
          id_output: manual_opens.id_output,
          status: manual_opens.status,
          minutes: manual_opens.minutes,
          open_at: manual_opens.open_at,
          close_at: manual_opens.close_at,
          closed_at: manual_opens.closed_at,
          error: manual_opens.error,
        })
        .from(manual_opens)
        .where(
          and(
            eq(manual_opens.id_client, idClient),
            inArray(manual_opens.id_output, outputIds),
            gte(manual_opens.open_at, from),
            lt(manual_opens.open_at, to),
          ),
        )
        .orderBy(asc(manual_opens.open_at), asc(manual_opens.id))
    },

    /** One of the account's schedules, deleted ones included (their history stays readable). */
    async schedule(idClient: number, id: number) {
      const [row] = await db
        .select({
          id: schedules.id,
          name: schedules.name,
          type: schedules.type,
          definition: schedules.definition,
        })
        .from(schedules)
        .where(and(eq(schedules.id_client, idClient), eq(schedules.id, id)))
      return row ?? null
    },

    /** The outputs of the account's water sources among `ids`, clean or fertigating. */
    async waterSourceOutputs(idClient: number, ids: number[]) {
      if (ids.length === 0) return []
      return db
        .select({
          id_water_source: water_source_outputs.id_water_source,
          id_output: water_source_outputs.id_output,
          fertigation: water_source_outputs.fertigation,
        })
        .from(water_source_outputs)
        .innerJoin(
          water_sources,
          and(
            eq(water_sources.id, water_source_outputs.id_water_source),
            eq(water_sources.id_client, idClient),
          ),
        )
        .where(inArray(water_source_outputs.id_water_source, ids))
        .orderBy(asc(water_source_outputs.id_water_source), asc(water_source_outputs.id_output))
    },

    /**
     * The states a module reported for one output field in [from, to), by time, preceded by the
     * last one before `from` (the state the range starts in). The module is the account's.
     */
    async states(
      idClient: number,
      idObject: number,
      field: string,
      from: Date,
      to: Date,
    ): Promise<{ ts: Date; value: number | null }[]> {
      const own = and(
        eq(readings.object_id, idObject),
        eq(readings.field, field),
        eq(readings.id_client, idClient),
      )
      const [before] = await db
        .select({ ts: readings.ts, value: readings.value })
        .from(readings)
        .where(and(own, lt(readings.ts, from)))
        .orderBy(sql`${readings.ts} desc`)
        .limit(1)
      const within = await db
        .select({ ts: readings.ts, value: readings.value })
        .from(readings)
        .where(and(own, gte(readings.ts, from), lt(readings.ts, to)))
        .orderBy(asc(readings.ts))
      return before ? [before, ...within] : within
    },
  }
}
export type IrrigationReportDal = ReturnType<typeof createIrrigationReportDal>
