import type { AlarmRow } from '@kropla/domain'
import { Button, Stack, Table, Text, Tooltip, UnstyledButton, VisuallyHidden } from '@mantine/core'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { ListTable } from '../../app/ui/ListTable'
import { useNeedsServer } from '../offline/use-online'
import { AlarmStateCell } from './AlarmStateCell'
import { type AlarmSort, type AlarmSortColumn, alarmSortColumns, nextSort } from './alarm-table-rules'
import type { AlarmWords } from './use-alarm-words'

interface AlarmsTableProps {
  rows: readonly AlarmRow[]
  words: AlarmWords
  sort: AlarmSort
  onSort: (sort: AlarmSort) => void
  onConfirm: (row: AlarmRow) => void
  /** The alarm whose confirmation is on its way. */
  confirming: number | undefined
  onRemove: (row: AlarmRow) => void
  onHistory: (row: AlarmRow) => void
}

/** Every alarm shown at once (spec 01 section 2: tables have no paging), each column sortable. */
export function AlarmsTable({
  rows,
  words,
  sort,
  onSort,
  onConfirm,
  confirming,
  onRemove,
  onHistory,
}: AlarmsTableProps) {
  const { t } = useTranslation()
  return (
    <ListTable
      testId="alarms-table"
      minWidth={960}
      horizontalSpacing="xs"
      ariaLabel={t('alarms.table')}
      head={
        <>
          {alarmSortColumns.map((column) => (
            <SortableHeader key={column} column={column} sort={sort} onSort={onSort} />
          ))}
          <Table.Th ta="right">{t('alarms.actions')}</Table.Th>
        </>
      }
    >
      {rows.map((row) => (
        <AlarmTableRow
          key={row.id}
          row={row}
          words={words}
          onConfirm={onConfirm}
          isConfirming={confirming === row.id}
          onRemove={onRemove}
          onHistory={onHistory}
        />
      ))}
    </ListTable>
  )
}

function SortableHeader({
  column,
  sort,
  onSort,
}: {
  column: AlarmSortColumn
  sort: AlarmSort
  onSort: (sort: AlarmSort) => void
}) {
  const { t } = useTranslation()
  const isSorted = sort.column === column
  return (
    <Table.Th aria-sort={isSorted ? sort.direction : undefined} style={{ whiteSpace: 'nowrap' }}>
      <UnstyledButton
        onClick={() => onSort(nextSort(sort, column))}
        title={t('alarms.sort_by', { column: t(`alarms.${column}`) })}
        fw={600}
        fz="sm"
      >
        {t(`alarms.${column}`)}
        <Text span aria-hidden c={isSorted ? undefined : 'dimmed'} ml={4}>
          {isSorted ? (sort.direction === 'ascending' ? '▲' : '▼') : '↕'}
        </Text>
      </UnstyledButton>
    </Table.Th>
  )
}

interface AlarmTableRowProps {
  row: AlarmRow
  words: AlarmWords
  onConfirm: (row: AlarmRow) => void
  isConfirming: boolean
  onRemove: (row: AlarmRow) => void
  onHistory: (row: AlarmRow) => void
}

function AlarmTableRow({ row, words, onConfirm, isConfirming, onRemove, onHistory }: AlarmTableRowProps) {
  const { t } = useTranslation()
  const needsServer = useNeedsServer()
  const reasonId = useId()
  const name = words.describe(row)
  const labels = { name, module: row.object_name, date: words.date(row.activation_date) }
  return (
    <Table.Tr
      data-testid={`alarm-row-${row.id}`}
      data-state={row.deleted ? 'removed' : row.active ? 'active' : 'inactive'}
    >
      <Table.Td>
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {row.object_name}
          </Text>
          <Text size="xs" c="dimmed">
            {row.object_serial}
          </Text>
        </Stack>
      </Table.Td>
      <Table.Td miw={150}>{name}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{words.value(row)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{words.threshold(row)}</Table.Td>
      <Table.Td miw={96}>{words.date(row.activation_date)}</Table.Td>
      <Table.Td miw={96}>{words.date(row.inactivation_date)}</Table.Td>
      <Table.Td miw={160}>
        <AlarmStateCell row={row} words={words} />
      </Table.Td>
      <Table.Td>
        {/* Stacked, so the table fits beside the menu at 1280 px and Remove stays in view. */}
        <Stack gap={4} align="stretch" miw={96}>
          {!row.deleted && !row.confirmed && (
            <Button
              size="xs"
              variant="light"
              onClick={() => onConfirm(row)}
              loading={isConfirming}
              aria-label={t('alarms.confirm_label', labels)}
              {...needsServer}
            >
              {t('alarms.confirm')}
            </Button>
          )}
          <Button
            size="xs"
            variant="default"
            onClick={() => onHistory(row)}
            aria-label={t('alarms.history_label', labels)}
          >
            {t('alarms.history')}
          </Button>
          {!row.deleted &&
            (row.active ? (
              // An active alarm cannot be removed until its cause ends (spec 01 section 4); say why.
              <Tooltip label={t('errors.alarm_active_not_deleted')}>
                <span>
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    disabled
                    aria-label={t('alarms.remove_label', labels)}
                    aria-describedby={reasonId}
                  >
                    {t('alarms.remove')}
                  </Button>
                  <VisuallyHidden id={reasonId}>{t('errors.alarm_active_not_deleted')}</VisuallyHidden>
                </span>
              </Tooltip>
            ) : (
              <Button
                size="xs"
                variant="light"
                color="red"
                onClick={() => onRemove(row)}
                aria-label={t('alarms.remove_label', labels)}
                {...needsServer}
              >
                {t('alarms.remove')}
              </Button>
            ))}
        </Stack>
      </Table.Td>
    </Table.Tr>
  )
}
