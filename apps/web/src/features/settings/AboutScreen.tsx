import { licences, version } from 'virtual:build-info'
import { Group, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { SettingsCard } from './SettingsCard'
import { SettingsPage } from './SettingsPage'

/** settings/about: the version, and the licence of every package the app ships (read from package metadata at build time). */
export function AboutScreen() {
  const { t } = useTranslation()
  return (
    <SettingsPage title={t('about.title')}>
      <SettingsCard title={t('about.product')}>
        <Text data-testid="about-version">{t('about.version', { version })}</Text>
        <Text size="sm" c="dimmed">
          {t('about.licence')}
        </Text>
      </SettingsCard>
      <SettingsCard title={t('about.dependencies', { count: licences.length })}>
        {/* A plain list rather than a table: it wraps on a phone, and keeps the screen's chunk small. */}
        <Stack
          gap={4}
          data-testid="licences"
          aria-label={t('about.dependencies', { count: licences.length })}
        >
          {licences.map((entry) => (
            <Group
              key={`${entry.name}@${entry.version}`}
              gap="xs"
              justify="space-between"
              wrap="nowrap"
              align="flex-start"
              data-testid={`licence-${entry.name}`}
            >
              {/* A long name wraps within its column; the licence stays on its line, to the right. */}
              <Text size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                {entry.name}{' '}
                <Text span c="dimmed" size="sm">
                  {entry.version}
                </Text>
              </Text>
              <Text size="sm" fw={600} style={{ flexShrink: 0 }}>
                {entry.license}
              </Text>
            </Group>
          ))}
        </Stack>
      </SettingsCard>
    </SettingsPage>
  )
}
