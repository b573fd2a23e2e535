import { Button, Group } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { offlineBannerReasonId, useNeedsServer } from '../offline/use-online'

/**
 * The foot of a resource's own page: save, at the right. Dialogs use DialogActions (which also
 * cancels); the settings forms' SaveChangesButton says "Save changes", these pages say "Save".
 */
export function SaveButton({ isPending }: { isPending: boolean }) {
  const { t } = useTranslation()
  const needsServer = useNeedsServer(offlineBannerReasonId)
  return (
    <Group justify="flex-end">
      <Button type="submit" loading={isPending} {...needsServer}>
        {t('resources.save')}
      </Button>
    </Group>
  )
}
