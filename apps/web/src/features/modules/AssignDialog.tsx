import type { ObjectDetail } from '@kropla/domain'
import { Checkbox, EmptyState, Modal, Stack } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DialogActions } from '../../app/ui/DialogActions'
import { FailureAlert } from '../../app/ui/FailureAlert'
import { Loaded } from '../../app/ui/Loaded'
import { useGroups, useRegions } from '../resources/resources-api'
import { modelWording, useAssignObject } from './objects-api'

interface AssignDialogProps {
  object: ObjectDetail
  kind: 'groups' | 'regions'
  onClose: () => void
}

/** Group or region assignment (titles per model): ticks the account's module groups or regions. */
export function AssignDialog({ object, kind, onClose }: AssignDialogProps) {
  const { i18n } = useTranslation()
  const groups = useGroups()
  const regions = useRegions()
  const title = modelWording(
    i18n,
    object.last_device_model,
    kind === 'groups' ? 'group_assign_title' : 'region_assign_title',
  )
  return (
    <Modal opened onClose={onClose} title={title} centered>
      {kind === 'groups' ? (
        <Loaded query={groups}>
          {(list) => (
            <AssignForm
              object={object}
              kind={kind}
              options={list.filter((group) => group.scope === 'objects')}
              onClose={onClose}
            />
          )}
        </Loaded>
      ) : (
        <Loaded query={regions}>
          {(list) => <AssignForm object={object} kind={kind} options={list} onClose={onClose} />}
        </Loaded>
      )}
    </Modal>
  )
}

function AssignForm({
  object,
  kind,
  options,
  onClose,
}: AssignDialogProps & { options: { id: number; name: string }[] }) {
  const { t } = useTranslation()
  const [chosen, setChosen] = useState<string[]>(object[kind].map(String))
  const save = useAssignObject(object.id, kind, {
    onSuccess: () => {
      notifications.show({ color: 'teal', message: t('modules.assigned') })
      onClose()
    },
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    save.mutate(chosen.map(Number))
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {save.isError && <FailureAlert error={save.error} testId="assign-error" />}
        {options.length === 0 ? (
          <EmptyState
            title={kind === 'groups' ? t('modules.no_groups') : t('modules.no_regions')}
            data-testid="assign-empty"
          />
        ) : (
          <Checkbox.Group
            label={kind === 'groups' ? t('modules.groups') : t('modules.regions')}
            value={chosen}
            onChange={setChosen}
          >
            <Stack gap="xs" mt="xs">
              {options.map((option) => (
                <Checkbox key={option.id} value={String(option.id)} label={option.name} />
              ))}
            </Stack>
          </Checkbox.Group>
        )}
        <DialogActions
          onCancel={onClose}
          submitLabel={t('modules.save_assignment')}
          isPending={save.isPending}
        />
      </Stack>
    </form>
  )
}
