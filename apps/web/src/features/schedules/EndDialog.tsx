import { Checkbox, Modal, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DialogActions } from '../../app/ui/DialogActions'

interface EndDialogProps {
  name: string
  onCancel: () => void
  onSubmit: (hidden: boolean) => void
}

/** Ending a schedule for good (spec 01 section 4): it stays on the list, or is hidden from it. */
export function EndDialog({ name, onCancel, onSubmit }: EndDialogProps) {
  const { t } = useTranslation()
  const [hidden, setHidden] = useState(false)
  return (
    <Modal opened onClose={onCancel} title={t('schedules.end_dialog.title', { name })} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          onSubmit(hidden)
        }}
      >
        <Stack gap="md">
          <Text size="sm">{t('schedules.end_dialog.text')}</Text>
          <Checkbox
            name="hidden"
            label={t('schedules.end_dialog.hide')}
            checked={hidden}
            onChange={(event) => setHidden(event.currentTarget.checked)}
          />
          <DialogActions
            onCancel={onCancel}
            submitLabel={t('schedules.end_dialog.submit')}
            isPending={false}
          />
        </Stack>
      </form>
    </Modal>
  )
}
