import { notifications } from '@mantine/notifications'
import { useTranslation } from 'react-i18next'
import { useErrorMessage } from '../../app/ui/use-error-message'
import { type FormSchema, showServerErrorAtFields, useSchemaForm } from '../../lib/use-schema-form'
import { type SettingsRoute, useSaveSettings } from './account-forms-api'

interface SettingsFormOptions<Values extends Record<string, unknown>, Body> {
  schema: FormSchema
  initialValues: Values
  /** The request body from the checked values: the schema's parse, and any form-only stand-ins undone. */
  toBody: (values: Values) => Body
  /** The route the body is `PUT` to (its entry parses the answer). */
  route: SettingsRoute
  /** Puts the saved body where the rest of the app reads it (the session's user, cached answers). */
  onSaved: (body: Body) => void
  /** The server's refusals that belong to one field. */
  fieldOfCode?: Readonly<Record<string, string>>
}

/**
 * A settings screen's form, saved as a whole: on success the caches learn the new values and a
 * notification says so; a refusal goes to its fields or, when no field takes it, to a notification.
 */
export function useSettingsForm<Values extends Record<string, unknown>, Body>({
  schema,
  initialValues,
  toBody,
  route,
  onSaved,
  fieldOfCode,
}: SettingsFormOptions<Values, Body>) {
  const { t } = useTranslation()
  const messageOf = useErrorMessage()
  const form = useSchemaForm<Values>(schema, initialValues)
  const save = useSaveSettings<Body>(route, {
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
