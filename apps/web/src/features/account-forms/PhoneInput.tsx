import { TextInput, type TextInputProps } from '@mantine/core'
import { useTranslation } from 'react-i18next'

/** A phone number, with the format the domain's phone schema accepts said under it. */
export function PhoneInput(props: TextInputProps) {
  const { t } = useTranslation()
  return <TextInput type="tel" description={t('profile.phone_hint')} {...props} />
}
