import { type MessageTemplate, saveMessageTemplateSchema } from '@kropla/domain'
import { Button, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FailureAlert } from '../../app/ui/FailureAlert'
import { Loaded } from '../../app/ui/Loaded'
import { PageFrame } from '../../app/ui/PageFrame'
import { RowActions } from '../../app/ui/RowActions'
import { useErrorMessage } from '../../app/ui/use-error-message'
import { showServerErrorAtFields, useSchemaForm, withFormInput } from '../../lib/use-schema-form'
import { offlineBannerReasonId, useNeedsServer } from '../offline/use-online'
import { useDeleteTemplate, useMessageTemplates, useSaveTemplate } from './admin-messages-api'
import { BilingualTextFields, MessageTypeSelect } from './MessageTextFields'

interface TemplateValues extends Record<string, unknown> {
  name: string
  subject_pl: string
  subject_en: string
  content_pl: string
  content_en: string
  type: string
}
const toRequest = (values: Record<string, unknown>) => ({ ...values, type: Number(values.type) })

/** /admin/adminus/message_templates: messages kept by name, to start new ones from. */
export function MessageTemplatesScreen() {
  const { t } = useTranslation()
  const messageOf = useErrorMessage()
  const templates = useMessageTemplates()
  const [editing, setEditing] = useState<MessageTemplate | 'new' | null>(null)
  const remove = useDeleteTemplate({
    onError: (error) =>
      notifications.show({ color: 'red', title: t('errors.task_failed'), message: messageOf(error) }),
  })
  return (
    <PageFrame
      title={t('admin_messages.templates_title')}
      intro={t('admin_messages.templates_intro')}
      maxWidth={900}
      actions={<Button onClick={() => setEditing('new')}>{t('admin_messages.template_add')}</Button>}
    >
      <Loaded query={templates}>
        {(list) =>
          list.length === 0 ? (
            <Text c="dimmed">{t('admin_messages.templates_empty')}</Text>
          ) : (
            <Table striped data-testid="message-templates">
              <Table.Tbody>
                {list.map((template) => (
                  <Table.Tr key={template.id}>
                    <Table.Td fw={600}>{template.name}</Table.Td>
                    <Table.Td>{template.subject_en || template.subject_pl}</Table.Td>
                    <RowActions
                      actions={[
                        {
                          label: t('admin_messages.edit'),
                          ariaLabel: t('admin_messages.template_edit', { name: template.name }),
                          tone: 'accent',
                          onClick: () => setEditing(template),
                        },
                        {
                          label: t('admin_messages.delete'),
                          ariaLabel: t('admin_messages.template_delete_label', { name: template.name }),
                          tone: 'danger',
                          onClick: () => remove.mutate(template.id),
                        },
                      ]}
                    />
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )
        }
      </Loaded>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={
          editing && editing !== 'new'
            ? t('admin_messages.template_edit', { name: editing.name })
            : t('admin_messages.template_add')
        }
        size="lg"
      >
        {editing !== null && (
          <TemplateForm template={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
        )}
      </Modal>
    </PageFrame>
  )
}

function TemplateForm({ template, onClose }: { template: MessageTemplate | null; onClose: () => void }) {
  const { t } = useTranslation()
  const needsServer = useNeedsServer(offlineBannerReasonId)
  const form = useSchemaForm<TemplateValues>(withFormInput(saveMessageTemplateSchema, toRequest), {
    name: template?.name ?? '',
    subject_pl: template?.subject_pl ?? '',
    subject_en: template?.subject_en ?? '',
    content_pl: template?.content_pl ?? '',
    content_en: template?.content_en ?? '',
    type: String(template?.type ?? 0),
  })
  const save = useSaveTemplate(template, {
    onSuccess: () => {
      notifications.show({ color: 'teal', message: t('admin_messages.template_saved') })
      onClose()
    },
    onError: (error) => showServerErrorAtFields(form, error),
  })
  return (
    <form
      onSubmit={form.onSubmit((values) => save.mutate(saveMessageTemplateSchema.parse(toRequest(values))))}
      noValidate
    >
      <Stack gap="sm">
        <TextInput label={t('admin_messages.template_name')} withAsterisk {...form.getInputProps('name')} />
        <MessageTypeSelect fieldProps={(field) => form.getInputProps(field)} />
        <BilingualTextFields fieldProps={(field) => form.getInputProps(field)} isRequired={false} />
        {save.isError && Object.keys(form.errors).length === 0 && (
          <FailureAlert error={save.error} testId="template-failure" />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('admin_messages.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} {...needsServer}>
            {t('admin_messages.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
