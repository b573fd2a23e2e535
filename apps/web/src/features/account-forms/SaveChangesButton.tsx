import { Button, Group } from '@mantine/core'
import { useTranslation } from 'react-i18next'

/** The submit button at the foot of a settings form. */
export function SaveChangesButton({ isSaving }: { isSaving: boolean }) {
  const { t } = useTranslation()
  return (
    <Group justify="flex-end">
      <Button type="submit" loading={isSaving}>
        {t('settings.save')}
      </Button>
    </Group>
  )
}
