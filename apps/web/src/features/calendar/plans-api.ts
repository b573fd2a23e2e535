import type { OutputPlanRow } from '@kropla/domain'
import { useQuery } from '@tanstack/react-query'
import { useApi } from '../../app/api-context'
import { outputsPlansQueryKey } from '../realtime/irrigation-events'

/** GET /api/outputs_plans for one window; `outputs_plans` / `deleted_outputs_plans` keep it current. */
export function useOutputsPlans(from: string, to: string) {
  const api = useApi()
  return useQuery({
    queryKey: outputsPlansQueryKey(from, to),
    queryFn: () =>
      api.get<OutputPlanRow[]>(
        `/api/outputs_plans?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
      ),
  })
}
