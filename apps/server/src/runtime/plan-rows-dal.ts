import type { OutputPlanRow, PlanRole } from '@kropla/domain'
import type pg from 'pg'

interface PlanRowRecord {
  id: number
  id_client: number
  id_schedule: number | null
  id_output: number
  role: PlanRole
  id_water_source: number | null
  element_index: number | null
  cycle: number
  planned_at: Date
  open_at: Date
  duration: number
  fertigation: boolean
  status: number
  confirmed_state: number | null
  fertigation_confirm_state: number | null
  manual_status: number | null
  error: string | null
  schedule_name: string | null
  schedule_type: number | null
  schedule_deleted_at: Date | null
  output_name: string
  id_object: number
  field_name: string
}

const toRow = (record: PlanRowRecord): OutputPlanRow => ({
  id: record.id,
  id_schedule: record.id_schedule,
  id_output: record.id_output,
  role: record.role,
  id_water_source: record.id_water_source,
  element_index: record.element_index,
  cycle: record.cycle,
  planned_at: record.planned_at.toISOString(),
  open_at: record.open_at.toISOString(),
  duration: record.duration,
  fertigation: record.fertigation,
  status: record.status,
  confirmed_state: record.confirmed_state,
  fertigation_confirm_state: record.fertigation_confirm_state,
  manual_status: record.manual_status,
  error: record.error,
  Scheduler:
    record.id_schedule === null
      ? null
      : {
          id: record.id_schedule,
          name: record.schedule_name ?? '',
          type: record.schedule_type ?? 0,
          deleted_at: record.schedule_deleted_at?.toISOString() ?? null,
        },
  Output: {
    id: record.id_output,
    name: record.output_name,
    id_object: record.id_object,
    field_name: record.field_name,
  },
})

/** `outputs_plans` as the browser receives them (with schedule and output). */
export function createPlanRowsDal(pool: pg.Pool) {
  return {
    /** These plans as the browser receives them, grouped by their account. */
    async byClient(ids: readonly number[]) {
      const byClient = new Map<number, OutputPlanRow[]>()
      if (ids.length === 0) return byClient
      const { rows } = await pool.query<PlanRowRecord>(
        `select p.id, p.id_client, p.id_schedule, p.id_output, p.role, p.id_water_source, p.element_index,
                p.cycle, p.planned_at, p.open_at, p.duration, p.fertigation, p.status, p.confirmed_state,
                p.fertigation_confirm_state, p.manual_status, p.error,
                s.name as schedule_name, s.type as schedule_type, s.deleted_at as schedule_deleted_at,
                o.name as output_name, o.id_object, o.field_name
           from outputs_plans p
           join outputs o on o.id = p.id_output
           left join schedules s on s.id = p.id_schedule
          where p.id = any($1::bigint[])
          order by p.open_at, p.id`,
        [ids],
      )
      for (const record of rows) {
        const list = byClient.get(record.id_client) ?? []
        list.push(toRow(record))
        byClient.set(record.id_client, list)
      }
      return byClient
    },
  }
}
export type PlanRowsDal = ReturnType<typeof createPlanRowsDal>
