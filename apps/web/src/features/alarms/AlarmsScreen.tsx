import type { AlarmRow } from '@kropla/domain'
import { Button, Card, EmptyState, Group, NativeSelect, TextInput } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Loaded } from '../../app/ui/Loaded'
import { PageFrame } from '../../app/ui/PageFrame'
import { OfflineReason } from '../offline/OfflineBanner'
import { useNeedsServer } from '../offline/use-online'
import { AlarmHistoryDialog } from './AlarmHistoryDialog'
import { AlarmsTable } from './AlarmsTable'
import {
  type AlarmSort,
  type AlarmStateFilter,
  alarmStateFilters,
  defaultAlarmSort,
  isAlarmStateFilter,
  matchesState,
  matchesText,
  sortAlarms,
} from './alarm-table-rules'
import { useAlarmList } from './alarms-api'
import { RemoveAlarmDialog } from './RemoveAlarmDialog'
import { useAlarmWords } from './use-alarm-words'
import { useConfirmAlarms } from './use-confirm-alarms'

const allModules = 'all'
/** Spec 01 section 9: searching waits 500 ms after the last key. */
const searchDebounceMs = 500

/** /alarms (spec 01 section 2): every alarm of the account, filtered and sorted, confirmed and removed here. */
export function AlarmsScreen() {
  const { t } = useTranslation()
  const words = useAlarmWords()
  const [state, setState] = useState<AlarmStateFilter>('all')
  const [moduleId, setModuleId] = useState(allModules)
  const [text, setText] = useState('')
  const [searched] = useDebouncedValue(text, searchDebounceMs)
  const [sort, setSort] = useState<AlarmSort>(defaultAlarmSort)
  const [removing, setRemoving] = useState<AlarmRow | null>(null)
  const [showingHistory, setShowingHistory] = useState<AlarmRow | null>(null)
  const current = useAlarmList('all')
  // Removed alarms are kept apart by the server; they are read only when asked for.
  const removed = useAlarmList('deleted', state === 'removed')
  const list = state === 'removed' ? removed : current
  const { confirm, confirmAll } = useConfirmAlarms()
  const needsServer = useNeedsServer()

  const modules = useMemo(() => {
    const byId = new Map<number, string>()
    for (const row of [...(current.data ?? []), ...(list.data ?? [])])
      byId.set(row.id_object, row.object_name)
    return [...byId].sort(([, a], [, b]) => a.localeCompare(b))
  }, [current.data, list.data])
  const hasUnconfirmed = (current.data ?? []).some((row) => !row.confirmed && !row.deleted)

  return (
    <PageFrame
      title={t('alarms.title')}
      intro={t('alarms.intro')}
      maxWidth={1280}
      actions={
        <Button
          variant="light"
          onClick={() => confirmAll.mutate()}
          loading={confirmAll.isPending}
          disabled={!hasUnconfirmed}
          {...needsServer}
        >
          {t('alarms.confirm_all')}
        </Button>
      }
    >
      <OfflineReason />
      <Card withBorder radius="md" padding="md">
        <Group gap="md" align="flex-end" wrap="wrap">
          <NativeSelect
            label={t('alarms.filter_state')}
            value={state}
            onChange={(event) => {
              const value = event.currentTarget.value
              if (isAlarmStateFilter(value)) setState(value)
            }}
            data={alarmStateFilters.map((value) => ({ value, label: t(`alarms.states.${value}`) }))}
          />
          <NativeSelect
            label={t('alarms.filter_module')}
            value={moduleId}
            onChange={(event) => setModuleId(event.currentTarget.value)}
            data={[
              { value: allModules, label: t('alarms.all_modules') },
              ...modules.map(([id, name]) => ({ value: String(id), label: name })),
            ]}
          />
          <TextInput
            label={t('alarms.filter_text')}
            placeholder={t('alarms.filter_text_placeholder')}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            type="search"
            style={{ flex: 1, minWidth: 200 }}
          />
        </Group>
      </Card>
      <Loaded query={list}>
        {(all) => {
          if (all.length === 0) return <EmptyState title={t('alarms.empty')} />
          const shown = sortAlarms(
            all.filter(
              (row) =>
                matchesState(row, state) &&
                (moduleId === allModules || String(row.id_object) === moduleId) &&
                matchesText(row, searched, words.describe),
            ),
            sort,
            words.describe,
          )
          if (shown.length === 0) return <EmptyState title={t('alarms.empty_filtered')} />
          return (
            <AlarmsTable
              rows={shown}
              words={words}
              sort={sort}
              onSort={setSort}
              onConfirm={(row) => confirm.mutate(row)}
              confirming={confirm.isPending ? confirm.variables?.id : undefined}
              onRemove={setRemoving}
              onHistory={setShowingHistory}
            />
          )
        }}
      </Loaded>
      {removing && <RemoveAlarmDialog row={removing} words={words} onClose={() => setRemoving(null)} />}
      {showingHistory && (
        <AlarmHistoryDialog row={showingHistory} words={words} onClose={() => setShowingHistory(null)} />
      )}
    </PageFrame>
  )
}
