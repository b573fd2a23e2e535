import type {
  clientAccountRoutes,
  invitationRoutes,
  passwordResetRoutes,
  profileRoutes,
  userRoutes,
} from '@kropla/domain'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useApi } from '../../app/api-context'
import { callRoute } from '../../lib/call-route'
import type { MutationCallbacks } from '../../lib/mutation-callbacks'
import { reloadPage } from '../../lib/reload'
import { endLocalSession } from '../session/end-session'

/** The deletions confirmed with the password: the whole client account, one's own user. */
export type PasswordConfirmedRoute = typeof clientAccountRoutes.remove | typeof userRoutes.removeOwn

/**
 * A `DELETE` confirmed with the password that takes the session with it (one's own user, the whole
 * client account): on success the browser forgets the session and reloads at the login screen, so
 * that nothing of the deleted account stays in memory.
 */
export function usePasswordConfirmedDeletion(
  route: PasswordConfirmedRoute,
  callbacks: MutationCallbacks<unknown, unknown> = {},
) {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: unknown) => callRoute(api, route, { body: body as { password: string } }),
    onSuccess: () => {
      endLocalSession(queryClient, api)
      reloadPage('#/login')
    },
    onError: callbacks.onError,
  })
}

/** The settings saved as a whole by a form (useSettingsForm): the client account, the profile, the preferences. */
export type SettingsRoute =
  | typeof clientAccountRoutes.update
  | typeof profileRoutes.update
  | typeof profileRoutes.updatePreferences

/** PUT of a settings form's body; the form puts the saved values where the app reads them. */
export function useSaveSettings<Body>(
  route: SettingsRoute,
  callbacks: MutationCallbacks<unknown, Body> = {},
) {
  const api = useApi()
  return useMutation({
    // The form's body passed the route's own body schema (its toBody parses with it).
    mutationFn: (body: Body) => callRoute(api, route, { body: body as never }),
    onSuccess: callbacks.onSuccess,
    onError: callbacks.onError,
  })
}

/** The forms behind a mailed link that set a new password: the invitation's, the password reset's. */
export type NewPasswordRoute = typeof invitationRoutes.accept | typeof passwordResetRoutes.confirm

/** POST of a mailed link's token and new password. */
export function useSetNewPassword(route: NewPasswordRoute, onSuccess?: () => Promise<void>) {
  const api = useApi()
  // onSuccess belongs to the mutation, so the button keeps spinning until it has finished.
  return useMutation({
    // The body passed newPasswordSchema, both routes' body schema (use-new-password-form.ts).
    mutationFn: (body: unknown) => callRoute(api, route, { body: body as never }),
    onSuccess,
  })
}
