import type { UseFormReturnType } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useApi } from '../../app/api-context'
import type { Parser } from '../../lib/api'
import { showServerErrorAtFields } from '../../lib/use-schema-form'
import { invalidateResources } from './resources-api'

interface SaveResourceOptions<Values extends Record<string, unknown>, Saved> {
  form: UseFormReturnType<Values>
  /** `/api/water_sources`: POST there for a new one, PUT `<collection>/<id>` for an existing one. */
  collection: string
  id: number | null
  parser: Parser<Saved>
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
  collection,
  id,
  parser,
  toBody,
  fieldOfCode,
  onSaved,
}: SaveResourceOptions<Values, Saved>) {
  const { t } = useTranslation()
  const api = useApi()
  const queryClient = useQueryClient()
  const save = useMutation({
    mutationFn: (body: unknown) =>
      id === null ? api.post(collection, body, parser) : api.put(`${collection}/${id}`, body, parser),
    onSuccess: (saved) => {
      invalidateResources(queryClient)
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
