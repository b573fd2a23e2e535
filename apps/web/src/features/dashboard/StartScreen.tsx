import { EmptyState, SimpleGrid, Stack, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { useSession } from '../session/useSession'
import { ModuleTile } from './ModuleTile'

/** The start dashboard (route `/`): one tile per module on the account, kept live by the socket. */
export function StartScreen() {
  const { t } = useTranslation()
  const { objects } = useSession()
  return (
    <Stack gap="md">
      <Title order={2}>{t('dashboard.title')}</Title>
      {objects.length === 0 ? (
        <EmptyState title={t('dashboard.no_modules')} data-testid="no-modules" />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 4 }} spacing="md">
          {objects.map((object) => (
            <ModuleTile key={object.id} object={object} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  )
}
