import type { UseFormReturnType } from '@mantine/form'

/**
 * The (translated) error of one field, for the inputs that take `error` alone rather than all of
 * `getInputProps` (ChoiceSelect, IdChecklist, which manage their own value).
 */
export function fieldError<Values extends Record<string, unknown>>(
  form: UseFormReturnType<Values>,
  path: string,
): string | undefined {
  return form.getInputProps(path).error as string | undefined
}
