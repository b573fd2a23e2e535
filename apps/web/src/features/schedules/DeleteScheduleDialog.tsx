import { Modal } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { DeletionForm, DeletionWarning } from '../account-forms/DeletionForm'

interface DeleteScheduleDialogProps {
  name: string
  onCancel: () => void
  onConfirm: () => void
}

/** The confirm dialog before a schedule and its planned runs are deleted. */
export function DeleteScheduleDialog({ name, onCancel, onConfirm }: DeleteScheduleDialogProps) {
  const { t } = useTranslation()
  return (
    <Modal opened onClose={onCancel} title={t('schedules.delete_dialog.title', { name })} centered>
      <DeletionForm
        warning={<DeletionWarning strength="normal">{t('schedules.delete_dialog.text')}</DeletionWarning>}
        failure={null}
        submitLabel={t('schedules.delete_dialog.submit')}
        isPending={false}
        onSubmit={(event) => {
          event.preventDefault()
          onConfirm()
        }}
        onCancel={onCancel}
      />
    </Modal>
  )
}
