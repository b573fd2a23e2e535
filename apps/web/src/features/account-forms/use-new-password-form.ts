import { newPasswordSchema } from '@kropla/domain'
import { showServerErrorAtFields, useSchemaForm } from '../../lib/use-schema-form'
import { type NewPasswordRoute, useSetNewPassword } from './account-forms-api'

/**
 * The form behind a mailed link (password reset, invitation): the link's token and the new password
 * twice, posted to `route`. The server's refusals go to their fields; the rest stays on `send.error`.
 */
export function useNewPasswordForm(token: string, route: NewPasswordRoute, onSuccess?: () => Promise<void>) {
  const form = useSchemaForm(newPasswordSchema, { token, password: '', password_confirm: '' })
  const send = useSetNewPassword(route, onSuccess)
  const submit = form.onSubmit((values) =>
    send.mutate(newPasswordSchema.parse(values), {
      onError: (error) => showServerErrorAtFields(form, error),
    }),
  )
  return { form, send, submit }
}
