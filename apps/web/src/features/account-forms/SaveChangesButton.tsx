import { Button, Group } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { offlineBannerReasonId, useNeedsServer } from '../offline/use-online'

/** The submit button at the foot of a settings form. */
export function SaveChangesButton({ isSaving }: { isSaving: boolean }) {
  const { t } = useTranslation()
  const needsServer = useNeedsServer(offlineBannerReasonId)
  return (
    <Group justify="flex-end">
      <Button type="submit" loading={isSaving} {...needsServer}>
        {t('settings.save')}
      </Button>
    </Group>
  )
}
