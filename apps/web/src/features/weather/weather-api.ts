import { type SaveWeatherSettings, weatherRoutes } from '@kropla/domain'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useApi } from '../../app/api-context'
import { callRoute } from '../../lib/call-route'

/** GET /api/weather: the account's weather, computed by the server from its chosen stations. */
export const weatherQueryKey = ['weather'] as const
/** GET /api/weather/settings: the chosen stations and what fits. */
export const weatherSettingsQueryKey = ['weather', 'settings'] as const

export const weatherSettingsPath = '/settings/weather'

export function useWeather() {
  const api = useApi()
  return useQuery({
    queryKey: weatherQueryKey,
    queryFn: () => callRoute(api, weatherRoutes.get),
  })
}

export function useWeatherSettings() {
  const api = useApi()
  return useQuery({
    queryKey: weatherSettingsQueryKey,
    queryFn: () => callRoute(api, weatherRoutes.getSettings),
  })
}

/** Saves the choice; the weather is read again from the new stations. */
export function useSaveWeatherSettings() {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: SaveWeatherSettings) => callRoute(api, weatherRoutes.updateSettings, { body }),
    onSuccess: (answer) => {
      queryClient.setQueryData(weatherSettingsQueryKey, answer)
      void queryClient.invalidateQueries({ queryKey: weatherQueryKey, exact: true })
    },
  })
}
