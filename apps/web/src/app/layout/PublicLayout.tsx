import { Center, Group, Paper, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Outlet } from 'react-router'
import { LanguageSwitch } from '../../features/language/LanguageSwitch'
import { Brand } from './Brand'

/** The frame of the public screens: login, registration, password reset. */
export function PublicLayout() {
  const { t } = useTranslation()
  return (
    <Center mih="100dvh" p="md" bg="var(--mantine-color-gray-0)">
      <Stack w="100%" maw={420} gap="lg">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={4}>
            <Brand size="lg" />
            <Text size="sm" c="dimmed">
              {t('app.tagline')}
            </Text>
          </Stack>
          <LanguageSwitch />
        </Group>
        <Paper withBorder shadow="sm" radius="md" p="xl">
          <Outlet />
        </Paper>
      </Stack>
    </Center>
  )
}
