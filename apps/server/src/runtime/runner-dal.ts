import { planStatus } from '@kropla/domain'
import type pg from 'pg'

/** A planned run that came due, with its output and (for a schedule's run) its schedule. */
export interface DueRun {
  id: number
  id_client: number
  id_schedule: number | null
  cycle: number
  planned_at: Date
  open_at: Date
  duration: number
  id_object: number
  field_name: string
  schedule_type: number | null
  definition: unknown
  deleted_at: Date | null
  ended_at: Date | null
  paused_from: Date | null
  paused_until: Date | null
}

/** A run sent or running, with what became of the command that opened it. */
export interface SentRun {
  id: number
  status: number
  open_at: Date
  duration: number
  command_status: number | null
  command_error: string | null
}

/** A run in progress whose schedule stopped: the output to close. */
export interface StoppedRun {
  id: number
  id_client: number
  id_object: number
  field_name: string
}

/** What the plan runner reads of `outputs_plans` (it changes them through outputs-plans-dal.ts). */
export function createRunnerDal(pool: pg.Pool) {
  return {
    /**
     * The earliest other run of the same cycle within `span` before this one that was decided
     * (not planned, cancelled or missed): its status and error, or undefined.
     */
    async earlierDecidedRun(
      run: Pick<DueRun, 'id' | 'id_schedule' | 'cycle' | 'planned_at'>,
      span: number,
    ): Promise<{ status: number; error: string | null } | undefined> {
      const { rows } = await pool.query<{ status: number; error: string | null }>(
        `select status, error from outputs_plans
          where id_schedule = $1 and cycle = $2 and id <> $3
            and planned_at >= $4 and planned_at <= $5
            and status <> all($6::smallint[])
          order by planned_at, id
          limit 1`,
        [
          run.id_schedule,
          run.cycle,
          run.id,
          new Date(run.planned_at.getTime() - span),
          run.planned_at,
          [planStatus.planned, planStatus.cancelled, planStatus.missed],
        ],
      )
      return rows[0]
    },

    /** Planned runs whose open time has come, oldest first (at most 1000 a pass). */
    async dueRuns(at: Date): Promise<DueRun[]> {
      const { rows } = await pool.query<DueRun>(
        `select p.id, p.id_client, p.id_schedule, p.cycle, p.planned_at, p.open_at, p.duration,
                o.id_object, o.field_name, s.type as schedule_type, s.definition,
                s.deleted_at, s.ended_at, s.paused_from, s.paused_until
           from outputs_plans p
           join outputs o on o.id = p.id_output
           left join schedules s on s.id = p.id_schedule
          where p.status = $1 and p.open_at <= $2
          order by p.open_at, p.id
          limit 1000`,
        [planStatus.planned, at],
      )
      return rows
    },

    /** Every run sent or running, with its command's status and error. */
    async sentRuns(): Promise<SentRun[]> {
      const { rows } = await pool.query<SentRun>(
        `select p.id, p.status, p.open_at, p.duration, c.status as command_status, c.error as command_error
           from outputs_plans p left join commands c on c.id = p.id_command
          where p.status = any($1::smallint[])`,
        [[planStatus.sent, planStatus.running]],
      )
      return rows
    },

    /**
     * Runs in progress at `at` whose schedule was paused, ended or deleted, except a water-source
     * opening that other schedules' runs of its time draw from (it was merged for them).
     */
    async stoppedRuns(at: Date): Promise<StoppedRun[]> {
      const { rows } = await pool.query<StoppedRun>(
        `select p.id, p.id_client, o.id_object, o.field_name
           from outputs_plans p
           join outputs o on o.id = p.id_output
           join schedules s on s.id = p.id_schedule
          where p.status = any($1::smallint[])
            and p.open_at + p.duration * interval '1 minute' > $2
            and (s.deleted_at is not null or s.ended_at <= $2
                 or (s.paused_from <= $2 and (s.paused_until is null or s.paused_until > $2)))
            -- A water-source opening also feeds other schedules' runs in its time: it runs on for them.
            and not (p.role <> 'element' and exists (
                  select 1 from outputs_plans e
                   where e.id_client = p.id_client and e.role = 'element'
                     and e.id_water_source = p.id_water_source
                     and e.id_schedule is distinct from p.id_schedule
                     and e.status = any($3::smallint[])
                     and e.open_at < p.open_at + p.duration * interval '1 minute'
                     and e.open_at + e.duration * interval '1 minute' > $2))`,
        [
          [planStatus.sent, planStatus.running],
          at,
          [planStatus.planned, planStatus.sent, planStatus.running],
        ],
      )
      return rows
    },
  }
}
export type RunnerDal = ReturnType<typeof createRunnerDal>
