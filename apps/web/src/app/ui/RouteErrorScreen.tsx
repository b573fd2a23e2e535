import { Alert, Button, Center, Stack } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { useRouteError } from 'react-router'

/**
 * What the router shows when a screen throws or its code chunk fails to load (typically after a
 * new deploy replaced the chunk names): reloading fetches the current chunks.
 */
export function RouteErrorScreen() {
  const { t } = useTranslation()
  console.error(useRouteError())
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" maw={480}>
        <Alert color="red" role="alert" title={t('app.error_title')} w="100%">
          {t('errors.internal')}
        </Alert>
        <Button onClick={() => window.location.reload()}>{t('app.reload')}</Button>
      </Stack>
    </Center>
  )
}
