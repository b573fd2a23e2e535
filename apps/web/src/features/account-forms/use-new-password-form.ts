import { newPasswordSchema, okAnswerSchema } from '@kropla/domain'
import { useMutation } from '@tanstack/react-query'
import { useApi } from '../../app/api-context'
import { showServerErrorAtFields, useSchemaForm } from '../../lib/use-schema-form'

/**
 * The form behind a mailed link (password reset, invitation): the link's token and the new password
 * twice, posted to `path`. The server's refusals go to their fields; the rest stays on `send.error`.
 */
export function useNewPasswordForm(token: string, path: string, onSuccess?: () => Promise<void>) {
  const api = useApi()
  const form = useSchemaForm(newPasswordSchema, { token, password: '', password_confirm: '' })
  // onSuccess belongs to the mutation, so the button keeps spinning until it has finished.
  const send = useMutation({ mutationFn: (body: unknown) => api.post(path, body, okAnswerSchema), onSuccess })
  const submit = form.onSubmit((values) =>
    send.mutate(newPasswordSchema.parse(values), {
      onError: (error) => showServerErrorAtFields(form, error),
    }),
  )
  return { form, send, submit }
}
