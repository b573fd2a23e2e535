import type { ScheduleRow } from '@kropla/domain'
import { Box, Button, Checkbox, ColorSwatch, EmptyState, Group, Table, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ListTable } from '../../app/ui/ListTable'
import { Loaded } from '../../app/ui/Loaded'
import { PageFrame } from '../../app/ui/PageFrame'
import { RowActions } from '../../app/ui/RowActions'
import { formatDateTime } from '../../lib/format-date'
import { translateKey } from '../../lib/translate-key'
import { FarmZoneNote } from '../farm-zone/FarmZoneNote'
import { useFarmZones } from '../farm-zone/use-farm-zones'
import { useSession } from '../session/use-session'
import { DeleteScheduleDialog } from './DeleteScheduleDialog'
import { EndDialog } from './EndDialog'
import { PauseDialog } from './PauseDialog'
import { ScheduleWizard } from './ScheduleWizard'
import { formatCalendarDay, priorityNames, stateColors, stateOf, typeNameOf } from './schedule-text'
import { useScheduleActions, useSchedules } from './schedules-api'

type Dialog =
  | { kind: 'wizard'; row: ScheduleRow | null }
  | { kind: 'pause' | 'end' | 'delete'; row: ScheduleRow }
  | null

/** /schedules and /{product}_2/schedulers: every schedule with its state and next run, and what can be done to it. */
export function SchedulesScreen() {
  const { t } = useTranslation()
  const [withHidden, setWithHidden] = useState(false)
  const schedules = useSchedules(withHidden)
  const actions = useScheduleActions()
  const [dialog, setDialog] = useState<Dialog>(null)
  useLoadFailureNotice(schedules.isError ? schedules.errorUpdatedAt : null)
  const close = () => setDialog(null)

  return (
    <PageFrame
      title={t('schedules.title')}
      intro={t('schedules.intro')}
      maxWidth={1200}
      actions={<Button onClick={() => setDialog({ kind: 'wizard', row: null })}>{t('schedules.add')}</Button>}
    >
      <Checkbox
        label={t('schedules.show_hidden')}
        checked={withHidden}
        onChange={(event) => setWithHidden(event.currentTarget.checked)}
      />
      <Loaded query={schedules}>
        {(rows) => {
          // A row ended and hidden a moment ago leaves the list before the server answers.
          const shown = withHidden ? rows : rows.filter((row) => !row.hidden)
          if (shown.length === 0) return <EmptyState title={t('schedules.empty')} />
          return (
            <SchedulesTable
              rows={shown}
              onEdit={(row) => setDialog({ kind: 'wizard', row })}
              onPause={(row) => setDialog({ kind: 'pause', row })}
              onUnpause={(row) => actions.unpause.mutate({ row, variables: undefined })}
              onEnd={(row) => setDialog({ kind: 'end', row })}
              onDelete={(row) => setDialog({ kind: 'delete', row })}
            />
          )
        }}
      </Loaded>
      {dialog?.kind === 'wizard' && <ScheduleWizard existing={dialog.row} onClose={close} />}
      {dialog?.kind === 'pause' && (
        <PauseDialog
          name={dialog.row.name}
          onCancel={close}
          onSubmit={(until) => {
            actions.pause.mutate({ row: dialog.row, variables: { until } })
            close()
          }}
        />
      )}
      {dialog?.kind === 'end' && (
        <EndDialog
          name={dialog.row.name}
          onCancel={close}
          onSubmit={(hidden) => {
            actions.end.mutate({ row: dialog.row, variables: { hidden } })
            close()
          }}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteScheduleDialog
          name={dialog.row.name}
          onCancel={close}
          onConfirm={() => {
            actions.remove.mutate({ row: dialog.row, variables: undefined })
            close()
          }}
        />
      )}
    </PageFrame>
  )
}

/** 'Schedule data error' (spec 01 section 8) when the list cannot be read, once per failure. */
function useLoadFailureNotice(failedAt: number | null) {
  const { t } = useTranslation()
  useEffect(() => {
    if (failedAt !== null) notifications.show({ color: 'red', message: t('errors.schedule_data_error') })
  }, [failedAt, t])
}

interface SchedulesTableProps {
  rows: ScheduleRow[]
  onEdit: (row: ScheduleRow) => void
  onPause: (row: ScheduleRow) => void
  onUnpause: (row: ScheduleRow) => void
  onEnd: (row: ScheduleRow) => void
  onDelete: (row: ScheduleRow) => void
}

function SchedulesTable({ rows, onEdit, onPause, onUnpause, onEnd, onDelete }: SchedulesTableProps) {
  const { t, i18n } = useTranslation()
  const { user } = useSession()
  const zones = useFarmZones()
  // Schedule times are the farm's, like the days and start times they come from.
  const farmTime = (iso: string) => formatDateTime(iso, user.date_format, zones.farm)
  const day = (value: string) => formatCalendarDay(value, user.date_format)
  return (
    <ListTable
      testId="schedules-table"
      minWidth={560}
      horizontalSpacing="sm"
      footer={
        <Box px="sm" py="xs">
          <FarmZoneNote zones={zones} testId="schedules-zone" />
        </Box>
      }
      head={
        <>
          <Table.Th>{t('schedules.columns.name')}</Table.Th>
          <Table.Th visibleFrom="sm">{t('schedules.columns.type')}</Table.Th>
          <Table.Th visibleFrom="md">{t('schedules.columns.priority')}</Table.Th>
          <Table.Th>{t('schedules.columns.state')}</Table.Th>
          <Table.Th visibleFrom="md">{t('schedules.columns.period')}</Table.Th>
          <Table.Th>{t('schedules.columns.next_run')}</Table.Th>
          <Table.Th ta="right">{t('schedules.columns.actions')}</Table.Th>
        </>
      }
    >
      {rows.map((row) => {
        const state = stateOf(row)
        const isEnded = row.state === 'ended'
        const isPaused = row.state === 'paused'
        return (
          <Table.Tr key={row.id} data-testid={`schedule-row-${row.id}`}>
            <Table.Td fw={500}>{row.name}</Table.Td>
            <Table.Td visibleFrom="sm">
              {translateKey(i18n, `schedules.types.${typeNameOf(row.type)}`, String(row.type))}
            </Table.Td>
            <Table.Td visibleFrom="md">{t(`schedules.priorities.${priorityNames[row.priority]}`)}</Table.Td>
            <Table.Td>
              <Group gap={6} wrap="nowrap">
                <ColorSwatch
                  color={`var(--mantine-color-${stateColors[row.state]}-6)`}
                  size={10}
                  withShadow={false}
                />
                <Text span size="sm" fw={500} data-testid="schedule-state">
                  {state.key === 'schedules.states.paused_until'
                    ? t(state.key, { until: farmTime(state.until) })
                    : t(state.key)}
                </Text>
              </Group>
            </Table.Td>
            <Table.Td visibleFrom="md" style={{ whiteSpace: 'nowrap' }}>
              {row.expiration_date
                ? t('schedules.period', { begin: day(row.begin_date), end: day(row.expiration_date) })
                : t('schedules.period_open', { begin: day(row.begin_date) })}
            </Table.Td>
            <Table.Td data-testid="schedule-next-run" style={{ whiteSpace: 'nowrap' }}>
              {row.next_run ? (
                farmTime(row.next_run)
              ) : (
                <Text span size="sm" c="dimmed">
                  {t('schedules.next_none')}
                </Text>
              )}
            </Table.Td>
            {/* Two buttons a row keep every action in view beside the menu at 1280 px. */}
            <RowActions
              gap={6}
              wrap="wrap"
              miw={150}
              maw={170}
              ml="auto"
              actions={[
                {
                  label: t('schedules.actions.edit'),
                  ariaLabel: t('schedules.actions.edit_label', { name: row.name }),
                  tone: 'plain',
                  onClick: () => onEdit(row),
                },
                isPaused && {
                  label: t('schedules.actions.unpause'),
                  ariaLabel: t('schedules.actions.unpause_label', { name: row.name }),
                  tone: 'accent',
                  onClick: () => onUnpause(row),
                },
                !isPaused &&
                  !isEnded &&
                  row.state !== 'expired' && {
                    label: t('schedules.actions.pause'),
                    ariaLabel: t('schedules.actions.pause_label', { name: row.name }),
                    tone: 'caution',
                    onClick: () => onPause(row),
                  },
                !isEnded && {
                  label: t('schedules.actions.end'),
                  ariaLabel: t('schedules.actions.end_label', { name: row.name }),
                  tone: 'quiet',
                  onClick: () => onEnd(row),
                },
                {
                  label: t('schedules.actions.delete'),
                  ariaLabel: t('schedules.actions.delete_label', { name: row.name }),
                  tone: 'danger',
                  onClick: () => onDelete(row),
                },
              ]}
            />
          </Table.Tr>
        )
      })}
    </ListTable>
  )
}
