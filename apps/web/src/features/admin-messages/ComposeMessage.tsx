import { saveMessageSchema } from '@kropla/domain'
import { Button, Group, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useTranslation } from 'react-i18next'
import { FailureAlert } from '../../app/ui/FailureAlert'
import { showServerErrorAtFields, useSchemaForm, withFormInput } from '../../lib/use-schema-form'
import { offlineBannerReasonId, useNeedsServer } from '../offline/use-online'
import { useMessageTemplates, usePublishMessage } from './admin-messages-api'
import { BilingualTextFields, MessageTypeSelect } from './MessageTextFields'

type RecipientKind = 'all' | 'users' | 'clients'
interface ComposeValues extends Record<string, unknown> {
  subject_pl: string
  subject_en: string
  content_pl: string
  content_en: string
  type: string
  address: string
  publication_date: string
  recipients: { kind: RecipientKind; ids: string }
}

const blank: ComposeValues = {
  subject_pl: '',
  subject_en: '',
  content_pl: '',
  content_en: '',
  type: '0',
  address: '',
  publication_date: '',
  recipients: { kind: 'all', ids: '' },
}

/** The form keeps text; the request is the shared schema's shape. */
function toRequest(values: Record<string, unknown>) {
  const form = values as ComposeValues
  const ids = form.recipients.ids
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map(Number)
  return {
    subject_pl: form.subject_pl,
    subject_en: form.subject_en,
    content_pl: form.content_pl,
    content_en: form.content_en,
    type: Number(form.type),
    address: form.address,
    publication_date: form.publication_date ? new Date(form.publication_date).toISOString() : null,
    recipients: form.recipients.kind === 'all' ? { kind: 'all' } : { kind: form.recipients.kind, ids },
  }
}

/** The operator writes a message in both languages, optionally from a template, and publishes it. */
export function ComposeMessage() {
  const { t } = useTranslation()
  const needsServer = useNeedsServer(offlineBannerReasonId)
  const templates = useMessageTemplates()
  const form = useSchemaForm<ComposeValues>(withFormInput(saveMessageSchema, toRequest), blank)
  const publish = usePublishMessage({
    onSuccess: (message) => {
      notifications.show({
        color: 'teal',
        message: t('admin_messages.published', { count: message.recipient_count }),
      })
      form.setValues(blank)
    },
    onError: (error) => showServerErrorAtFields(form, error, {}),
  })
  const applyTemplate = (id: string | null) => {
    const template = templates.data?.find((row) => String(row.id) === id)
    if (!template) return
    form.setValues({
      subject_pl: template.subject_pl,
      subject_en: template.subject_en,
      content_pl: template.content_pl,
      content_en: template.content_en,
      type: String(template.type),
    })
  }
  const kind = form.getValues().recipients.kind
  return (
    <form
      onSubmit={form.onSubmit((values) => publish.mutate(saveMessageSchema.parse(toRequest(values))))}
      noValidate
    >
      <Stack gap="sm">
        <NativeSelect
          label={t('admin_messages.template')}
          data={[
            { value: '', label: '—' },
            ...(templates.data ?? []).map((row) => ({ value: String(row.id), label: row.name })),
          ]}
          onChange={(event) => applyTemplate(event.currentTarget.value || null)}
        />
        <BilingualTextFields fieldProps={(field) => form.getInputProps(field)} isRequired />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <MessageTypeSelect fieldProps={(field) => form.getInputProps(field)} />
          <TextInput label={t('admin_messages.address')} {...form.getInputProps('address')} />
          <TextInput
            type="datetime-local"
            label={t('admin_messages.publication_date')}
            {...form.getInputProps('publication_date')}
          />
        </SimpleGrid>
        <Group align="flex-start" grow>
          <NativeSelect
            label={t('admin_messages.recipients')}
            data={(['all', 'users', 'clients'] as const).map((value) => ({
              value,
              label: t(`admin_messages.recipient_kinds.${value}`),
            }))}
            {...form.getInputProps('recipients.kind')}
          />
          {kind !== 'all' && (
            <TextInput
              label={t('admin_messages.recipient_ids')}
              withAsterisk
              {...form.getInputProps('recipients.ids')}
            />
          )}
        </Group>
        {publish.isError && Object.keys(form.errors).length === 0 && (
          <FailureAlert error={publish.error} testId="publish-failure" />
        )}
        <Group>
          <Button type="submit" loading={publish.isPending} {...needsServer}>
            {t('admin_messages.publish')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
