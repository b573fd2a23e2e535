import type { ResourceUsage, ResourceUse } from '@kropla/domain'
import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useTranslation } from 'react-i18next'
import { Loaded } from '../../app/ui/Loaded'
import { DeletionForm, DeletionWarning } from '../account-forms/DeletionForm'
import { type ResourceKind, useDeleteResource, useResourceUsage } from './resources-api'

interface DeleteResourceModalProps {
  name: string
  /** `outputs` and 5: the resource removed, whose usage is asked first when `checksUsage`. */
  kind: ResourceKind
  id: number
  checksUsage: boolean
  onClose: () => void
  onDeleted?: () => void
}

/**
 * Removing a resource (spec 01 section 5): what still uses it is asked first. Blocking uses (an
 * output inside a water source) refuse the removal and are listed; the others are listed as what
 * the removal detaches it from. A 409 resource_in_use from the server shows its own message.
 */
export function DeleteResourceModal({
  name,
  kind,
  id,
  checksUsage,
  onClose,
  onDeleted,
}: DeleteResourceModalProps) {
  const { t } = useTranslation()
  const usage = useResourceUsage(kind, id, checksUsage)
  const remove = useDeleteResource(kind, id, {
    onSuccess: () => {
      notifications.show({ color: 'teal', message: t('resources.deleted', { name }) })
      onDeleted?.()
      onClose()
    },
  })

  const body = (uses: ResourceUsage | null) => {
    const blocking = uses?.blocking ?? []
    const warnings = uses?.warnings ?? []
    if (blocking.length > 0)
      return (
        <Stack gap="md">
          <Alert color="orange" role="alert" data-testid="delete-refused">
            <Text size="sm">{t('resources.usage_blocked', { name })}</Text>
            <UseList uses={blocking} />
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('resources.close')}
            </Button>
            <Button color="red" disabled>
              {t('resources.delete_submit')}
            </Button>
          </Group>
        </Stack>
      )
    return (
      <DeletionForm
        warning={
          <Stack gap="xs">
            <DeletionWarning strength="normal">{t('resources.delete_text', { name })}</DeletionWarning>
            {warnings.length > 0 && (
              <Alert color="yellow" data-testid="delete-detaches">
                <Text size="sm">{t('resources.usage_detaches', { name })}</Text>
                <UseList uses={warnings} />
              </Alert>
            )}
          </Stack>
        }
        failure={remove.error}
        submitLabel={t('resources.delete_submit')}
        isPending={remove.isPending}
        onSubmit={(event) => {
          event.preventDefault()
          remove.mutate()
        }}
        onCancel={onClose}
      />
    )
  }

  return (
    <Modal opened onClose={onClose} title={t('resources.delete_title', { name })} centered>
      {checksUsage ? <Loaded query={usage}>{body}</Loaded> : body(null)}
    </Modal>
  )
}

function UseList({ uses }: { uses: readonly ResourceUse[] }) {
  const { t } = useTranslation()
  return (
    <List size="sm" mt={4}>
      {uses.map((use) => (
        <List.Item key={`${use.kind}-${use.id}`}>
          {t(`resources.use_kinds.${use.kind}`)}: {use.name}
        </List.Item>
      ))}
    </List>
  )
}
