import { planStatus, type StatePayload } from '@kropla/domain'
import type { Database } from '../db/client'
import type { KnownObject } from '../ingest/object-directory'
import { emitPlans, type PlanEvents } from './plan-rows'

/**
 * Confirms output plans from a module's `up/state` (the ingest's onState hook, in whichever
 * process received it): an output reported on confirms the sent runs on it whose window is still
 * open (confirmed_state 1, status running); an output reported off marks the runs it had
 * confirmed as closed (confirmed_state 0); a fertigated run's fertigation likewise from its
 * water source's fertigation output (fertigation_confirm_state). Times are the server's clock.
 */
export function createStateConfirmation(options: {
  database: Database
  events: PlanEvents
  now: () => Date
}) {
  const { pool } = options.database

  /**
   * A fertigated run's fertigation is confirmed from its water source's fertigation output: that
   * output reported on while its run feeds the element's run gives the element run
   * `fertigation_confirm_state` 1; reported off afterwards, 0 (open, then closed).
   */
  async function confirmFertigation(idObject: number, on: string[], off: string[], at: Date) {
    const changed: number[] = []
    const fed = `from outputs_plans f join outputs o on o.id = f.id_output
                 where o.id_object = $1 and o.field_name = any($2::text[])
                   and f.role = 'fertigation_source' and e.role = 'element' and e.fertigation
                   and e.id_client = f.id_client and e.id_water_source = f.id_water_source
                   and e.open_at < f.open_at + f.duration * interval '1 minute'
                   and e.open_at + e.duration * interval '1 minute' > f.open_at`
    if (on.length) {
      const { rows } = await pool.query<{ id: number }>(
        `update outputs_plans e set fertigation_confirm_state = 1, updated_at = now()
           ${fed}
            and f.status = any($3::smallint[]) and e.status = any($3::smallint[])
            and e.open_at <= $4 and e.open_at + e.duration * interval '1 minute' > $4
            and e.fertigation_confirm_state is distinct from 1
          returning e.id`,
        [idObject, on, [planStatus.sent, planStatus.running], at],
      )
      changed.push(...rows.map((row) => row.id))
    }
    if (off.length) {
      const { rows } = await pool.query<{ id: number }>(
        `update outputs_plans e set fertigation_confirm_state = 0, updated_at = now()
           ${fed}
            and e.fertigation_confirm_state = 1
          returning e.id`,
        [idObject, off],
      )
      changed.push(...rows.map((row) => row.id))
    }
    return changed
  }

  return async function confirmPlansFromState(object: KnownObject, state: StatePayload, _receivedAt: Date) {
    const at = options.now()
    const on = Object.entries(state.outputs)
      .filter(([, value]) => value === true)
      .map(([field]) => field)
    const off = Object.entries(state.outputs)
      .filter(([, value]) => value === false)
      .map(([field]) => field)
    const changed: number[] = []
    if (on.length) {
      const { rows } = await pool.query<{ id: number }>(
        `update outputs_plans p
            set confirmed_state = 1, updated_at = now(),
                status = case when p.status = $3::smallint then $4::smallint else p.status end
           from outputs o
          where o.id = p.id_output and o.id_object = $1 and o.field_name = any($2::text[])
            and p.status = any($5::smallint[])
            and p.open_at + p.duration * interval '1 minute' > $6
            and p.confirmed_state is distinct from 1
          returning p.id`,
        [object.id, on, planStatus.sent, planStatus.running, [planStatus.sent, planStatus.running], at],
      )
      changed.push(...rows.map((row) => row.id))
    }
    if (off.length) {
      const { rows } = await pool.query<{ id: number }>(
        `update outputs_plans p
            set confirmed_state = 0, updated_at = now()
           from outputs o
          where o.id = p.id_output and o.id_object = $1 and o.field_name = any($2::text[])
            and p.confirmed_state = 1
            and p.status = any($3::smallint[])
          returning p.id`,
        [object.id, off, [planStatus.running, planStatus.executed, planStatus.cancelled]],
      )
      changed.push(...rows.map((row) => row.id))
    }
    changed.push(...(await confirmFertigation(object.id, on, off, at)))
    await emitPlans(pool, options.events, [...new Set(changed)])
  }
}
export type ConfirmPlansFromState = ReturnType<typeof createStateConfirmation>
