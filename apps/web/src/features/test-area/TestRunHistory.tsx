import { Alert, Button, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { PendingState } from '../../app/ui/PendingState'
import { FarmZoneNote } from '../farm-zone/FarmZoneNote'
import { useFarmZones } from '../farm-zone/use-farm-zones'
import { TestRunCard } from './TestRunCard'
import { runsOf, useTestRuns } from './test-runs-api'

/** The test area's history: every run of the account, newest first, live, older ones on demand. */
export function TestRunHistory() {
  const { t } = useTranslation()
  const zones = useFarmZones()
  const history = useTestRuns()
  const runs = runsOf(history.data)
  return (
    <Stack gap="sm" data-testid="test-history">
      <Title order={3}>{t('test_area.history.title')}</Title>
      {history.isPending ? (
        <PendingState />
      ) : history.isError ? (
        <Alert color="red">{t('test_area.history.load_failed')}</Alert>
      ) : runs.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('test_area.history.empty')}
        </Text>
      ) : (
        <>
          {runs.map((run) => (
            <TestRunCard key={run.id} run={run} />
          ))}
          <FarmZoneNote zones={zones} />
          {history.hasNextPage && (
            <Button
              variant="default"
              onClick={() => void history.fetchNextPage()}
              loading={history.isFetchingNextPage}
              w="fit-content"
            >
              {t('test_area.history.more')}
            </Button>
          )}
        </>
      )}
    </Stack>
  )
}
