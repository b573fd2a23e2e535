import { Box, Center, Group, Paper, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Outlet, useMatches } from 'react-router'
import { LanguageSwitch } from '../../features/language/LanguageSwitch'
import { Brand } from './Brand'

/** Public screens whose form is wider than the login card (the registration stepper). */
export interface PublicRouteHandle {
  isWide?: boolean
}

/** The frame of the public screens: login, registration, password reset. */
export function PublicLayout() {
  const { t } = useTranslation()
  const isWide = useMatches().some((match) => (match.handle as PublicRouteHandle | undefined)?.isWide)
  return (
    <Center mih="100dvh" p="md" bg="var(--mantine-color-gray-0)">
      <Stack w="100%" maw={isWide ? 640 : 420} gap="lg">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={4}>
            <Brand size="lg" />
            <Text size="sm" c="dimmed">
              {t('app.tagline')}
            </Text>
          </Stack>
          <Box style={{ flexShrink: 0 }}>
            <LanguageSwitch />
          </Box>
        </Group>
        <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', xs: 'xl' }}>
          <Outlet />
        </Paper>
      </Stack>
    </Center>
  )
}
