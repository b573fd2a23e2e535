import { Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { PageFrame } from '../../app/ui/PageFrame'
import { browserScope, mobileFeatures, type SupportLevel } from './mobile-features'

const levelColours: Record<SupportLevel, string> = {
  supported: 'teal',
  limited: 'yellow',
  unsupported: 'gray',
}

/**
 * /mobile: the phone's own features, each with whether this browser supports it (feature
 * detection, asked once on opening) and a link to its screen, which works or says why not.
 */
export function MobileScreen() {
  const { t } = useTranslation()
  const rows = useMemo(() => {
    const scope = browserScope()
    return mobileFeatures.map((feature) => ({ ...feature, support: feature.detect(scope) }))
  }, [])
  return (
    <PageFrame title={t('nav.mobile')} intro={t('mobile.intro')} maxWidth={960}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" data-testid="mobile-features">
        {rows.map(({ key, to, support }) => (
          <Card
            key={key}
            component={Link}
            to={to}
            withBorder
            radius="md"
            padding="md"
            data-testid={`mobile-feature-${key}`}
            data-support={support.level}
          >
            <Stack gap={6}>
              <Group justify="space-between" gap="xs" align="flex-start">
                <Text fw={600} c="blue.8">
                  {t(`nav.${key}`)}
                </Text>
                <Badge color={levelColours[support.level]} variant="light">
                  {t(`mobile.level.${support.level}`)}
                </Badge>
              </Group>
              <Text size="sm">{t(`mobile.about.${key}`)}</Text>
              {support.reason && (
                <Text size="xs" c="dimmed">
                  {t(`mobile.reason.${support.reason}`)}
                </Text>
              )}
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </PageFrame>
  )
}
