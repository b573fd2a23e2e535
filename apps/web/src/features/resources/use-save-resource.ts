import type { UseFormReturnType } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import { useTranslation } from 'react-i18next'
import { showServerErrorAtFields } from '../../lib/use-schema-form'
import { type ResourceKind, useSaveResourceMutation } from './resources-api'

interface SaveResourceOptions<Values extends Record<string, unknown>, Saved> {
  form: UseFormReturnType<Values>
  /** `water_sources`: its create route for a new one, its update route for an existing one. */
  kind: ResourceKind
  id: number | null
  /** The request body from the form's values, once they passed the shared schema. */
  toBody: (values: Values) => unknown
  /** Error codes that belong to one field (`interface_taken` at the interface). */
  fieldOfCode?: Readonly<Record<string, string>>
  onSaved?: (saved: Saved) => void
}

/**
 * Creating or updating a resource from a schema form: the server's validation issues land at their
 * fields, other refusals above the form; success says so and refreshes every resource list.
 */
export function useSaveResource<Values extends Record<string, unknown>, Saved>({
  form,
  kind,
  id,
  toBody,
  fieldOfCode,
  onSaved,
}: SaveResourceOptions<Values, Saved>) {
  const { t } = useTranslation()
  const save = useSaveResourceMutation<Saved>(kind, id, {
    onSuccess: (saved) => {
      notifications.show({ color: 'teal', message: t(id === null ? 'resources.created' : 'resources.saved') })
      onSaved?.(saved)
    },
    onError: (error) => showServerErrorAtFields(form, error, fieldOfCode),
  })
  const isAtFields = save.isError && Object.keys(form.errors).length > 0
  return {
    save,
    /** A refusal no field shows, for a FailureAlert; null otherwise. */
    failure: save.isError && !isAtFields ? save.error : null,
    submit: form.onSubmit((values) => save.mutate(toBody(values))),
  }
}
