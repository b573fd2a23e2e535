import { notifications } from '@mantine/notifications'
import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useApi } from '../../app/api-context'
import { useErrorMessage } from '../../app/ui/use-error-message'
import type { AnswerParser } from '../../lib/api'
import { type FormSchema, showServerErrorAtFields, useSchemaForm } from '../../lib/use-schema-form'

interface SettingsFormOptions<Values extends Record<string, unknown>, Body, Answer> {
  schema: FormSchema
  initialValues: Values
  /** The request body from the checked values: the schema's parse, and any form-only stand-ins undone. */
  toBody: (values: Values) => Body
  /** Where the body is `PUT`. */
  path: string
  /** The domain schema of the server's answer to the `PUT`. */
  answer: AnswerParser<Answer>
  /** Puts the saved body where the rest of the app reads it (the session's user, cached answers). */
  onSaved: (body: Body) => void
  /** The server's refusals that belong to one field. */
  fieldOfCode?: Readonly<Record<string, string>>
}

/**
 * A settings screen's form, saved as a whole: on success the caches learn the new values and a
 * notification says so; a refusal goes to its fields or, when no field takes it, to a notification.
 */
export function useSettingsForm<Values extends Record<string, unknown>, Body, Answer>({
  schema,
  initialValues,
  toBody,
  path,
  answer,
  onSaved,
  fieldOfCode,
}: SettingsFormOptions<Values, Body, Answer>) {
  const { t } = useTranslation()
  const api = useApi()
  const messageOf = useErrorMessage()
  const form = useSchemaForm<Values>(schema, initialValues)
  const save = useMutation({
    mutationFn: (body: Body) => api.put(path, body, answer),
    onSuccess: (_answer, body) => {
      onSaved(body)
      form.resetDirty()
      notifications.show({ color: 'teal', message: t('settings.saved') })
    },
    onError: (error) => {
      if (!showServerErrorAtFields(form, error, fieldOfCode))
        notifications.show({ color: 'red', title: t('errors.changes_not_saved'), message: messageOf(error) })
    },
  })
  const submit = form.onSubmit((values) => save.mutate(toBody(values)))
  return { form, submit, isSaving: save.isPending }
}
