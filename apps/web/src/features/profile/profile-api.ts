import { type MeResponse, type Profile, profileRoutes, profileSchema } from '@kropla/domain'
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useApi } from '../../app/api-context'
import { callRoute } from '../../lib/call-route'
import { meQueryKey } from '../session/me-query'

export const profileQueryKey = ['profile'] as const

/** GET /api/profile: the user's own data and preferences. */
export function useProfile() {
  const api = useApi()
  return useQuery({
    queryKey: profileQueryKey,
    queryFn: () => callRoute(api, profileRoutes.get),
  })
}

/** The saved profile replaces the cached one; the session learns what the top panel and the start screen read. */
export function storeProfile(queryClient: QueryClient, body: Profile) {
  queryClient.setQueryData(profileQueryKey, body)
  // The top panel shows the name; the start screen honours hide_splash.
  queryClient.setQueryData<MeResponse | null>(meQueryKey, (me) =>
    me
      ? {
          ...me,
          user: {
            ...me.user,
            name: body.name,
            family_name: body.family_name,
            hide_splash: body.hide_splash,
          },
        }
      : me,
  )
}

/** "Do not show again" of the first-run dialog: the profile read, hide_splash set, and saved whole. */
export function useHideSplash() {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async () => {
      const profile = await callRoute(api, profileRoutes.get)
      return callRoute(api, profileRoutes.update, {
        body: profileSchema.parse({ ...profile, hide_splash: true }),
      })
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(profileQueryKey, saved)
      queryClient.setQueryData<MeResponse | null>(meQueryKey, (me) =>
        me ? { ...me, user: { ...me.user, hide_splash: true } } : me,
      )
    },
  })
}
