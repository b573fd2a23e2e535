import { type SaveWeatherSettings, weatherAnswerSchema, weatherSettingsAnswerSchema } from '@kropla/domain'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useApi } from '../../app/api-context'

/** GET /api/weather: the account's weather, computed by the server from its chosen stations. */
export const weatherQueryKey = ['weather'] as const
/** GET /api/weather/settings: the chosen stations and what fits. */
export const weatherSettingsQueryKey = ['weather', 'settings'] as const

export const weatherSettingsPath = '/settings/weather'

export function useWeather() {
  const api = useApi()
  return useQuery({
    queryKey: weatherQueryKey,
    queryFn: () => api.get('/api/weather', weatherAnswerSchema),
  })
}

export function useWeatherSettings() {
  const api = useApi()
  return useQuery({
    queryKey: weatherSettingsQueryKey,
    queryFn: () => api.get('/api/weather/settings', weatherSettingsAnswerSchema),
  })
}

/** Saves the choice; the weather is read again from the new stations. */
export function useSaveWeatherSettings() {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: SaveWeatherSettings) =>
      api.put('/api/weather/settings', body, weatherSettingsAnswerSchema),
    onSuccess: (answer) => {
      queryClient.setQueryData(weatherSettingsQueryKey, answer)
      void queryClient.invalidateQueries({ queryKey: weatherQueryKey, exact: true })
    },
  })
}
