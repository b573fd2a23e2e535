import type { AlarmRow } from '@kropla/domain'
import { noContentSchema } from '@kropla/domain'
import { Modal } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useApi } from '../../app/api-context'
import { DeletionForm, DeletionWarning } from '../account-forms/DeletionForm'
import { alarmsQueryKey, mergeAlarmRows } from './alarms-api'
import type { AlarmWords } from './use-alarm-words'

interface RemoveAlarmDialogProps {
  row: AlarmRow
  words: AlarmWords
  onClose: () => void
}

/**
 * Removing an inactive alarm, after asking. The server refuses an alarm that became active again
 * meanwhile (409 'Active alarms are not deleted'): the dialog says so and the list is read afresh.
 */
export function RemoveAlarmDialog({ row, words, onClose }: RemoveAlarmDialogProps) {
  const { t } = useTranslation()
  const api = useApi()
  const queryClient = useQueryClient()
  const remove = useMutation({
    mutationFn: () => api.delete(`/api/alarms/${row.id}`, undefined, noContentSchema),
    onSuccess: () => {
      mergeAlarmRows(queryClient, [{ ...row, deleted: true }])
      notifications.show({ color: 'teal', message: t('alarms.removed') })
      onClose()
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: alarmsQueryKey }),
  })
  const name = words.describe(row)
  return (
    <Modal opened onClose={onClose} title={t('alarms.remove_title')} centered>
      <DeletionForm
        warning={
          <DeletionWarning strength="normal">
            {t('alarms.remove_text', { name, module: row.object_name })}
          </DeletionWarning>
        }
        failure={remove.error}
        submitLabel={t('alarms.remove')}
        isPending={remove.isPending}
        onSubmit={(event) => {
          event.preventDefault()
          remove.mutate()
        }}
        onCancel={onClose}
      />
    </Modal>
  )
}
