import { messageTypeName, messageTypes } from '@kropla/domain'
import { NativeSelect, SimpleGrid, Textarea, TextInput } from '@mantine/core'
import type { GetInputPropsReturnType } from '@mantine/form'
import { useTranslation } from 'react-i18next'

/** The fields a message and a message template share, by name. */
type SharedField = 'subject_pl' | 'subject_en' | 'content_pl' | 'content_en' | 'type'
type FieldProps = (field: SharedField) => GetInputPropsReturnType

/**
 * Subject and content in Polish and English, as a message and a template both have them; a
 * message needs all four (`isRequired`), a template may leave them empty.
 */
export function BilingualTextFields({
  fieldProps,
  isRequired,
}: {
  fieldProps: FieldProps
  isRequired: boolean
}) {
  const { t } = useTranslation()
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {(['subject_pl', 'subject_en'] as const).map((field) => (
        <TextInput
          key={field}
          label={t(`admin_messages.${field}`)}
          withAsterisk={isRequired}
          {...fieldProps(field)}
        />
      ))}
      {(['content_pl', 'content_en'] as const).map((field) => (
        <Textarea
          key={field}
          label={t(`admin_messages.${field}`)}
          withAsterisk={isRequired}
          autosize
          minRows={3}
          {...fieldProps(field)}
        />
      ))}
    </SimpleGrid>
  )
}

/** The message's type: information, warning or service work (its colour for the recipient). */
export function MessageTypeSelect({ fieldProps }: { fieldProps: FieldProps }) {
  const { t } = useTranslation()
  return (
    <NativeSelect
      label={t('admin_messages.type')}
      data={messageTypes.map((type) => ({
        value: String(type),
        label: t(`messages.types.${messageTypeName(type)}`),
      }))}
      {...fieldProps('type')}
    />
  )
}
