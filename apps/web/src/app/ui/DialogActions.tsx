import { Button, Group } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { offlineBannerReasonId, useNeedsServer } from '../../features/offline/use-online'

interface DialogActionsProps {
  onCancel: () => void
  submitLabel: string
  isPending: boolean
  /** Red, for what cannot be undone. */
  isDestructive?: boolean
}

/** The foot of a dialog's form: cancel, and the submit button that says what it does. */
export function DialogActions({
  onCancel,
  submitLabel,
  isPending,
  isDestructive = false,
}: DialogActionsProps) {
  const { t } = useTranslation()
  // Offline the submit waits for the server, said by the banner; cancelling needs nothing.
  const needsServer = useNeedsServer(offlineBannerReasonId)
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        {t('settings.cancel')}
      </Button>
      <Button type="submit" color={isDestructive ? 'red' : undefined} loading={isPending} {...needsServer}>
        {submitLabel}
      </Button>
    </Group>
  )
}
