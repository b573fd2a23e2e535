import type { AlarmRow } from '@kropla/domain'
import { notifications } from '@mantine/notifications'
import { useTranslation } from 'react-i18next'
import { DeletionModal, DeletionWarning } from '../account-forms/DeletionForm'
import { useRemoveAlarm } from './alarms-api'
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
  const remove = useRemoveAlarm(row, {
    onSuccess: () => {
      notifications.show({ color: 'teal', message: t('alarms.removed') })
      onClose()
    },
  })
  const name = words.describe(row)
  return (
    <DeletionModal
      title={t('alarms.remove_title')}
      warning={
        <DeletionWarning strength="normal">
          {t('alarms.remove_text', { name, module: row.object_name })}
        </DeletionWarning>
      }
      submitLabel={t('alarms.remove')}
      mutation={remove}
      onClose={onClose}
    />
  )
}
