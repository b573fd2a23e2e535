import { Anchor, Card, SimpleGrid, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { PageFrame } from '../../app/ui/PageFrame'
import { TestRunHistory } from './TestRunHistory'

const parts = [
  { key: 'objects', to: '/test/objects' },
  { key: 'groups', to: '/test/groups' },
  { key: 'resources', to: '/test/resources' },
  { key: 'weather', to: '/test/weather' },
  { key: 'profile', to: '/test/profile' },
] as const

/** /test: the test area's start: what can be tested, and the history of every test run. */
export function TestAreaScreen() {
  const { t } = useTranslation()
  return (
    <PageFrame title={t('test_area.title')} intro={t('test_area.intro')} maxWidth={960}>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm" data-testid="test-parts">
        {parts.map((part) => (
          <Card key={part.key} withBorder radius="md" padding="sm">
            <Stack gap={4}>
              <Anchor component={Link} to={part.to} fw={600} data-testid={`test-part-${part.key}`}>
                {t(`test_area.start.${part.key}`)}
              </Anchor>
              <Text size="sm" c="dimmed">
                {t(`test_area.start.${part.key}_text`)}
              </Text>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <TestRunHistory />
    </PageFrame>
  )
}
