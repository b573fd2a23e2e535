import { Anchor, Button, Stack, Table, Text, Title } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { FailureAlert } from '../../app/ui/FailureAlert'
import { ListTable } from '../../app/ui/ListTable'
import { PageFrame } from '../../app/ui/PageFrame'
import { offlineBannerReasonId, useNeedsServer } from '../offline/use-online'
import { LoadedAll } from '../resources/LoadedAll'
import { namesById, useGroups, useOutputs } from '../resources/resources-api'
import { LiveRun } from './LiveRun'
import { SecondsField, useSeconds } from './SecondsField'
import { type TestTarget, useStartTest } from './test-runs-api'

/** /test/groups: the account's groups of outputs, each to walk. */
export function TestGroupsScreen() {
  const { t } = useTranslation()
  const groups = useGroups()
  return (
    <PageFrame
      title={t('test_area.groups.title')}
      intro={t('test_area.groups.intro')}
      back={{ to: '/test', label: t('test_area.back') }}
      maxWidth={900}
    >
      <LoadedAll queries={[groups]}>
        {() => {
          const ofOutputs = (groups.data ?? []).filter((group) => group.scope === 'outputs')
          if (ofOutputs.length === 0) return <Text c="dimmed">{t('test_area.groups.empty')}</Text>
          return (
            <ListTable
              testId="test-groups"
              minWidth={400}
              ariaLabel={t('test_area.groups.title')}
              head={
                <>
                  <Table.Th>{t('test_area.groups.name')}</Table.Th>
                  <Table.Th>{t('test_area.groups.outputs')}</Table.Th>
                </>
              }
            >
              {ofOutputs.map((group) => (
                <Table.Tr key={group.id} data-testid={`test-group-${group.id}`}>
                  <Table.Td>
                    <Anchor component={Link} to={`/test/groups/${group.id}`} fw={500} size="sm">
                      {group.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{group.element_count}</Table.Td>
                </Table.Tr>
              ))}
            </ListTable>
          )
        }}
      </LoadedAll>
    </PageFrame>
  )
}

/** /test/groups/:id: walk one group, each output in turn, live, cancellable. */
export function TestGroupScreen() {
  const { t } = useTranslation()
  const id = Number(useParams().id)
  const groups = useGroups()
  const outputs = useOutputs()
  const group = groups.data?.find((candidate) => candidate.id === id && candidate.scope === 'outputs')
  return (
    <PageFrame
      title={group?.name ?? t('test_area.groups.title')}
      intro={t('test_area.groups.intro')}
      back={{ to: '/test/groups', label: t('test_area.groups.title') }}
      maxWidth={900}
    >
      <LoadedAll queries={[groups, outputs]}>
        {() =>
          group ? (
            <GroupWalk
              key={group.id}
              id={group.id}
              members={group.elements.map((output) => namesById(outputs.data).get(output) ?? `#${output}`)}
            />
          ) : (
            <Text data-testid="test-group-missing">{t('test_area.groups.not_found')}</Text>
          )
        }
      </LoadedAll>
    </PageFrame>
  )
}

function GroupWalk({ id, members }: { id: number; members: string[] }) {
  const { t } = useTranslation()
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={3}>{t('test_area.groups.members')}</Title>
        <Text size="sm">{members.join(', ')}</Text>
      </Stack>
      <WalkStarter target={{ kind: 'group', id }} startLabel={t('test_area.groups.start')} />
    </Stack>
  )
}

/** The seconds per output, the start button, the refusal if any, and the run once it started. */
export function WalkStarter({ target, startLabel }: { target: TestTarget; startLabel: string }) {
  const seconds = useSeconds(3)
  const start = useStartTest()
  // A walk commands the modules: offline the banner says why it waits.
  const needsServer = useNeedsServer(offlineBannerReasonId)
  const [runId, setRunId] = useState<number | null>(null)
  return (
    <Stack gap="sm">
      <SecondsField seconds={seconds} />
      <Button
        w="fit-content"
        loading={start.isPending}
        data-testid="start-walk"
        {...needsServer}
        onClick={() => {
          const value = seconds.take()
          if (value === null) return
          start.mutate({ target, seconds: value }, { onSuccess: (run) => setRunId(run.id) })
        }}
      >
        {startLabel}
      </Button>
      {start.isError && <FailureAlert error={start.error} testId="test-refused" />}
      {runId !== null && <LiveRun id={runId} />}
    </Stack>
  )
}
