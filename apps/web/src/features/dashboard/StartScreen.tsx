import { Button, EmptyState, Group, SimpleGrid, Stack, Title } from '@mantine/core'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { modulesPath, useObjects } from '../modules/objects-api'
import { useSession } from '../session/useSession'
import { ModuleTile } from './ModuleTile'
import { communicationCheckMs, useNow } from './use-now'

/**
 * The start dashboard (route `/`): one tile per module on the account, kept live by the socket
 * (readings from /api/me); the modules' settings (labels, units, alarm thresholds) come from
 * /api/objects and join in when they arrive.
 */
export function StartScreen() {
  const { t } = useTranslation()
  const { objects } = useSession()
  const details = useObjects()
  const now = useNow(communicationCheckMs)
  // Looked up per tile on every tick; index the settings once per fetch.
  const configs = useMemo(
    () => new Map(details.data?.map((object) => [object.id, object.config])),
    [details.data],
  )
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{t('dashboard.title')}</Title>
        <Button component={Link} to={`${modulesPath}?add=1`} variant="light">
          {t('dashboard.add_module')}
        </Button>
      </Group>
      {objects.length === 0 ? (
        <EmptyState title={t('dashboard.no_modules')} data-testid="no-modules" />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 4 }} spacing="md">
          {objects.map((object) => (
            <ModuleTile key={object.id} object={object} config={configs.get(object.id)} now={now} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  )
}
