import { Button, Card, Group, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

interface DangerZoneProps {
  title: string
  text: string
  buttonLabel: string
  onOpen: () => void
  children?: ReactNode
}

/** An irreversible action, set apart in red at the end of a settings screen. */
export function DangerZone({ title, text, buttonLabel, onOpen, children }: DangerZoneProps) {
  const { t } = useTranslation()
  return (
    <Card withBorder radius="md" padding="lg" style={{ borderColor: 'var(--mantine-color-red-3)' }}>
      <Text size="xs" fw={700} c="red.8" tt="uppercase" mb={4}>
        {t('settings.danger_zone')}
      </Text>
      <Group justify="space-between" align="center" gap="md">
        <Stack gap={2} style={{ flex: '1 1 280px' }}>
          <Title order={3} size="h4">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {text}
          </Text>
        </Stack>
        <Button color="red" variant="outline" onClick={onOpen}>
          {buttonLabel}
        </Button>
      </Group>
      {children}
    </Card>
  )
}
