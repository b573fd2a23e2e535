import { isAdmin } from '@kropla/domain'
import { Badge, Card, Group, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { useSession } from '../session/use-session'
import { InfoScreen } from './InfoScreen'
import { settingsSections } from './settings-sections'

/** /settings: the sections this user may open; account administration only for admins. Also settings/help, about and payments. */
export function SettingsScreen() {
  const { pathname } = useLocation()
  if (/\/(help|about|payments)$/.test(pathname)) return <InfoScreen />
  return <SettingsOverview />
}

function SettingsOverview() {
  const { t } = useTranslation()
  const { user } = useSession()
  const visible = settingsSections.filter((section) => !section.isAdminOnly || isAdmin(user.type))
  return (
    <Stack gap="md" maw={880}>
      <Title order={2}>{t('settings.title')}</Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" data-testid="settings-sections">
        {visible.map((section) => (
          <UnstyledButton
            key={section.key}
            component={Link}
            to={section.to}
            data-testid={`section-${section.key}`}
          >
            <Card withBorder radius="md" padding="md" h="100%">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Text fw={600}>{t(`nav.${section.key}`)}</Text>
                {section.isAdminOnly && (
                  <Badge variant="light" size="sm" style={{ flexShrink: 0 }}>
                    {t('settings.admin_only')}
                  </Badge>
                )}
              </Group>
              <Text size="sm" c="dimmed" mt={4}>
                {t(`settings.${section.key}_text`)}
              </Text>
            </Card>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Stack>
  )
}
