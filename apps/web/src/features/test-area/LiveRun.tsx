import { Button, Group, Progress, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { FailureAlert } from '../../app/ui/FailureAlert'
import { TestRunCard } from './TestRunCard'
import { useCancelTest, useTestRun } from './test-runs-api'

/**
 * The run a screen started, live: its progress (output n of m), each item as the module confirms
 * it, and a way to cancel it while it runs.
 */
export function LiveRun({ id }: { id: number }) {
  const { t } = useTranslation()
  const run = useTestRun(id).data
  const cancel = useCancelTest()
  if (!run) return null
  const items = run.details.items
  const done = items.filter((item) => !['waiting', 'running'].includes(item.result)).length
  const current = items.findIndex((item) => item.result === 'running')
  const isRunning = run.result === 'running'
  return (
    <Stack gap="xs" data-testid="live-run" aria-live="polite">
      {isRunning && items.length > 0 && (
        <>
          <Text size="sm" fw={500} data-testid="live-run-progress">
            {t('test_area.progress', { done: current >= 0 ? current + 1 : done, count: items.length })}
          </Text>
          <Progress
            value={(done / items.length) * 100}
            aria-label={t('test_area.progress', { done, count: items.length })}
          />
        </>
      )}
      <TestRunCard run={run} />
      {isRunning && (
        <Group>
          <Button
            variant="default"
            color="red"
            onClick={() => cancel.mutate(run.id)}
            loading={cancel.isPending}
            disabled={cancel.isSuccess}
            data-testid="cancel-test"
          >
            {cancel.isSuccess ? t('test_area.cancelling') : t('test_area.cancel')}
          </Button>
        </Group>
      )}
      {cancel.isError && <FailureAlert error={cancel.error} testId="cancel-failed" />}
    </Stack>
  )
}
