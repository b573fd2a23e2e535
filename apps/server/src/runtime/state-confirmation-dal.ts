import { planStatus } from '@kropla/domain'
import type pg from 'pg'

/**
 * An element run fed by a fertigation-source run on one of these outputs of the module
 * (`e` the element run, `f` the source run; $1 the module, $2 the output names).
 */
const fedBySource = `from outputs_plans f join outputs o on o.id = f.id_output
                 where o.id_object = $1 and o.field_name = any($2::text[])
                   and f.role = 'fertigation_source' and e.role = 'element' and e.fertigation
                   and e.id_client = f.id_client and e.id_water_source = f.id_water_source
                   and e.open_at < f.open_at + f.duration * interval '1 minute'
                   and e.open_at + e.duration * interval '1 minute' > f.open_at`

/** The writes of a module's reported output state to `outputs_plans`; each answers the plans it changed. */
export function createStateConfirmationDal(pool: pg.Pool) {
  async function ids(text: string, values: unknown[]): Promise<number[]> {
    const { rows } = await pool.query<{ id: number }>(text, values)
    return rows.map((row) => row.id)
  }

  return {
    /** Sent or running runs on these outputs whose window is still open at `at`: confirmed open (a sent one now runs). */
    confirmOpen: (idObject: number, fields: string[], at: Date) =>
      ids(
        `update outputs_plans p
            set confirmed_state = 1, updated_at = now(),
                status = case when p.status = $3::smallint then $4::smallint else p.status end
           from outputs o
          where o.id = p.id_output and o.id_object = $1 and o.field_name = any($2::text[])
            and p.status = any($5::smallint[])
            and p.open_at + p.duration * interval '1 minute' > $6
            and p.confirmed_state is distinct from 1
          returning p.id`,
        [idObject, fields, planStatus.sent, planStatus.running, [planStatus.sent, planStatus.running], at],
      ),

    /** Runs on these outputs confirmed open (running, executed or cancelled): confirmed closed. */
    confirmClosed: (idObject: number, fields: string[]) =>
      ids(
        `update outputs_plans p
            set confirmed_state = 0, updated_at = now()
           from outputs o
          where o.id = p.id_output and o.id_object = $1 and o.field_name = any($2::text[])
            and p.confirmed_state = 1
            and p.status = any($3::smallint[])
          returning p.id`,
        [idObject, fields, [planStatus.running, planStatus.executed, planStatus.cancelled]],
      ),

    /** Fertigated element runs open at `at` that a sent or running source run on these outputs feeds: fertigation open. */
    confirmFertigationOpen: (idObject: number, fields: string[], at: Date) =>
      ids(
        `update outputs_plans e set fertigation_confirm_state = 1, updated_at = now()
           ${fedBySource}
            and f.status = any($3::smallint[]) and e.status = any($3::smallint[])
            and e.open_at <= $4 and e.open_at + e.duration * interval '1 minute' > $4
            and e.fertigation_confirm_state is distinct from 1
          returning e.id`,
        [idObject, fields, [planStatus.sent, planStatus.running], at],
      ),

    /** Fertigated element runs confirmed open that a source run on these outputs feeds: fertigation closed. */
    confirmFertigationClosed: (idObject: number, fields: string[]) =>
      ids(
        `update outputs_plans e set fertigation_confirm_state = 0, updated_at = now()
           ${fedBySource}
            and e.fertigation_confirm_state = 1
          returning e.id`,
        [idObject, fields],
      ),
  }
}
export type StateConfirmationDal = ReturnType<typeof createStateConfirmationDal>
