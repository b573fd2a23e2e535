import { type OutputPlanRow, planRunKey, scheduleRoutes } from '@kropla/domain'
import { useQuery } from '@tanstack/react-query'
import { useApi } from '../../app/api-context'
import { callRoute } from '../../lib/call-route'
import { outputsPlansForecastQueryKey, outputsPlansQueryKey } from '../realtime/irrigation-events'

/** GET /api/outputs_plans for one window; `outputs_plans` / `deleted_outputs_plans` keep it current. */
export function useOutputsPlans(from: string, to: string) {
  const api = useApi()
  return useQuery({
    queryKey: outputsPlansQueryKey(from, to),
    queryFn: () => callRoute(api, scheduleRoutes.calendar, { query: { from, to } }),
  })
}

/**
 * GET /api/outputs_plans/forecast for one window: the runs beyond the planner's horizon. Asked only
 * for a period not over yet (`isAhead`); the planner's events refresh it (see irrigation-events).
 */
export function useOutputsPlansForecast(from: string, to: string, isAhead: boolean) {
  const api = useApi()
  return useQuery({
    queryKey: outputsPlansForecastQueryKey(from, to),
    queryFn: () => callRoute(api, scheduleRoutes.forecast, { query: { from, to } }),
    enabled: isAhead,
  })
}

/**
 * The calendar's runs: the stored plans, and the forecast runs the planner has not planned yet. A
 * forecast run gives way to the stored plan of the same run as soon as the planner announces it.
 */
export function withForecast(
  stored: readonly OutputPlanRow[],
  forecast: readonly OutputPlanRow[] | undefined,
  now: number,
): OutputPlanRow[] {
  if (!forecast?.length) return [...stored]
  const planned = new Set(stored.map(planRunKey))
  const pending = forecast.filter((run) => !planned.has(planRunKey(run)) && Date.parse(run.open_at) >= now)
  return [...stored, ...pending]
}
