import { Textarea, type TextareaProps, TextInput, type TextInputProps } from '@mantine/core'
import { useTranslation } from 'react-i18next'

/** The name every resource has; the form's first input, so a dialog focuses it. Pass `form.getInputProps('name')`. */
export function NameInput(props: TextInputProps) {
  const { t } = useTranslation()
  return <TextInput label={t('resources.name')} data-autofocus {...props} />
}

/** The free-text description every resource has, growing with its text. Pass `form.getInputProps('description')`. */
export function DescriptionInput(props: TextareaProps) {
  const { t } = useTranslation()
  return <Textarea label={t('resources.description')} autosize minRows={2} {...props} />
}
