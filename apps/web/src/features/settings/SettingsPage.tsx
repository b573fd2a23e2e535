import { Anchor, Group, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'

interface SettingsPageProps {
  title: string
  intro?: string
  actions?: ReactNode
  children: ReactNode
}

/** The frame of a settings screen: the way back to /settings (the spec's default back target), a title. */
export function SettingsPage({ title, intro, actions, children }: SettingsPageProps) {
  const { t } = useTranslation()
  return (
    <Stack gap="md" maw={880}>
      <Anchor component={Link} to="/settings" size="sm" w="fit-content">
        ← {t('settings.back')}
      </Anchor>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4}>
          <Title order={2}>{title}</Title>
          {intro && (
            <Text size="sm" c="dimmed">
              {intro}
            </Text>
          )}
        </Stack>
        {actions}
      </Group>
      {children}
    </Stack>
  )
}
