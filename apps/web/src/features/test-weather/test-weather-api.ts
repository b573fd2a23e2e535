import { testWeatherRoutes } from '@kropla/domain'
import { useQuery } from '@tanstack/react-query'
import { useApi } from '../../app/api-context'
import { callRoute } from '../../lib/call-route'

export const weatherCheckQueryKey = ['test', 'weather'] as const

/**
 * POST /api/test/weather: the check runs (and is recorded) on the server each time it is asked
 * for: when the screen opens and on "Check again"; never from a cache of an earlier visit.
 */
export function useWeatherCheck() {
  const api = useApi()
  return useQuery({
    queryKey: weatherCheckQueryKey,
    queryFn: () => callRoute(api, testWeatherRoutes.weather),
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
  })
}
