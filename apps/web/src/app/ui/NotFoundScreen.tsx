import { Anchor, Center, Paper, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'

export function NotFoundScreen() {
  const { t } = useTranslation()
  return (
    <Center mih="100dvh" p="md">
      <Paper withBorder p="xl" radius="md" maw={420} w="100%" data-testid="not-found">
        <Stack gap="sm">
          <Title order={2}>{t('app.not_found_title')}</Title>
          <Text c="dimmed">{t('app.not_found_text')}</Text>
          <Anchor component={Link} to="/">
            {t('app.back_home')}
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  )
}
