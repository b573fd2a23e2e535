import { Modal, Stack, Text, TextInput } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DialogActions } from '../../app/ui/DialogActions'
import { FarmZoneNote } from '../farm-zone/FarmZoneNote'
import { useFarmZones } from '../farm-zone/use-farm-zones'
import { localInputToIso } from './schedule-text'

interface PauseDialogProps {
  name: string
  onCancel: () => void
  /** The end of the pause as an ISO moment, or null: until the user resumes it. */
  onSubmit: (until: string | null) => void
}

/** Pausing a schedule (spec 01 section 4): from now, with an optional end in the farm's time zone. */
export function PauseDialog({ name, onCancel, onSubmit }: PauseDialogProps) {
  const { t } = useTranslation()
  const zones = useFarmZones()
  const [until, setUntil] = useState('')
  return (
    <Modal opened onClose={onCancel} title={t('schedules.pause_dialog.title', { name })} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          onSubmit(until === '' ? null : localInputToIso(until, zones.farm))
        }}
      >
        <Stack gap="md">
          <Text size="sm">{t('schedules.pause_dialog.text')}</Text>
          <TextInput
            type="datetime-local"
            name="until"
            label={t('schedules.pause_dialog.until')}
            value={until}
            onChange={(event) => setUntil(event.currentTarget.value)}
          />
          <FarmZoneNote zones={zones} />
          <DialogActions
            onCancel={onCancel}
            submitLabel={t('schedules.pause_dialog.submit')}
            isPending={false}
          />
        </Stack>
      </form>
    </Modal>
  )
}
