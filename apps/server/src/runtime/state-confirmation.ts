import type { StatePayload } from '@kropla/domain'
import type { KnownObject } from '../ingest/object-directory'
import type { OutputsPlansDal } from './outputs-plans-dal'
import { emitPlans, type PlanEvents } from './plan-rows'
import type { PlanRowsDal } from './plan-rows-dal'

/**
 * Confirms output plans from a module's `up/state` (the ingest's onState hook, in whichever
 * process received it): an output reported on confirms the sent runs on it whose window is still
 * open (confirmed_state 1, status running); an output reported off marks the runs it had
 * confirmed as closed (confirmed_state 0); a fertigated run's fertigation likewise from its
 * water source's fertigation output (fertigation_confirm_state). Times are the server's clock.
 */
export function createStateConfirmation(options: {
  dal: Pick<
    OutputsPlansDal,
    'confirmOpen' | 'confirmClosed' | 'confirmFertigationOpen' | 'confirmFertigationClosed'
  >
  planRows: PlanRowsDal
  events: PlanEvents
  now: () => Date
}) {
  const { dal } = options

  /**
   * A fertigated run's fertigation is confirmed from its water source's fertigation output: that
   * output reported on while its run feeds the element's run gives the element run
   * `fertigation_confirm_state` 1; reported off afterwards, 0 (open, then closed).
   */
  async function confirmFertigation(idObject: number, on: string[], off: string[], at: Date) {
    const changed: number[] = []
    if (on.length) changed.push(...(await dal.confirmFertigationOpen(idObject, on, at)))
    if (off.length) changed.push(...(await dal.confirmFertigationClosed(idObject, off)))
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
    if (on.length) changed.push(...(await dal.confirmOpen(object.id, on, at)))
    if (off.length) changed.push(...(await dal.confirmClosed(object.id, off)))
    changed.push(...(await confirmFertigation(object.id, on, off, at)))
    await emitPlans(options.planRows, options.events, [...new Set(changed)])
  }
}
export type ConfirmPlansFromState = ReturnType<typeof createStateConfirmation>
