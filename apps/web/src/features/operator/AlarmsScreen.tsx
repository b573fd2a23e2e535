import type { OperatorAlarm } from '@kropla/domain'
import { Button, Checkbox } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DataTable } from '../../app/ui/DataTable'
import { Loaded } from '../../app/ui/Loaded'
import { PageFrame } from '../../app/ui/PageFrame'
import { useErrorMessage } from '../../app/ui/use-error-message'
import { type AlarmWordsContext, describeAlarm, formatAlarmValue } from '../alarms/alarm-words'
import { useSession } from '../session/use-session'
import { useUserFormat } from '../session/use-user-format'
import { clientColumn, DetailLink } from './columns'
import { useConfirmOperatorAlarms, useOperatorAlarms } from './operator-api'

/** /admin/adminus/alarms: the alarms of every account; the operator confirms many at once. */
export function OperatorAlarmsScreen() {
  const { t, i18n } = useTranslation()
  const format = useUserFormat()
  const { user } = useSession()
  const messageOf = useErrorMessage()
  const alarms = useOperatorAlarms()
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set())
  const confirm = useConfirmOperatorAlarms({
    onSuccess: (answer) => {
      setSelected(new Set())
      notifications.show({ color: 'green', message: t('operator.alarms.confirmed', { n: answer.confirmed }) })
    },
    onError: (error) =>
      notifications.show({ color: 'red', title: t('errors.task_failed'), message: messageOf(error) }),
  })
  // The grower's alarm words: the catalogue's field name in the user's language, values and
  // thresholds in the user's units, each alarm's module model read from its row.
  const context = useMemo<AlarmWordsContext>(
    () => ({
      t,
      lang: i18n.language,
      temperatureUnit: user.temperature_unit === 'F' ? 'F' : 'C',
      objects: (alarms.data ?? []).map((row) => ({ id: row.id_object, last_device_model: row.model })),
    }),
    [t, i18n.language, user.temperature_unit, alarms.data],
  )
  const describe = (row: OperatorAlarm) => describeAlarm(row, context)
  const alarmValueText = (row: OperatorAlarm) => formatAlarmValue(row, context)
  const toggle = (id: number) => {
    const next = new Set(selected)
    if (next.has(id)) next.delete(id)
    else next.add(id)
    setSelected(next)
  }
  return (
    <PageFrame title={t('operator.alarms.title')} intro={t('operator.alarms.intro')} maxWidth={1300}>
      <Loaded query={alarms}>
        {(rows) => (
          <DataTable
            label={t('operator.alarms.title')}
            testId="operator-alarms"
            rows={rows}
            rowKey={(row) => row.id}
            initialSort={{ id: 'activation_date', desc: true }}
            toolbar={(shown) => {
              const open = shown.filter((row) => !row.confirmation_date)
              return (
                <>
                  <Button
                    variant="default"
                    size="sm"
                    disabled={!open.length}
                    onClick={() => setSelected(new Set(open.map((row) => row.id)))}
                  >
                    {t('operator.alarms.select_shown', { n: open.length })}
                  </Button>
                  <Button
                    size="sm"
                    disabled={!selected.size}
                    loading={confirm.isPending}
                    onClick={() => confirm.mutate([...selected])}
                    data-testid="confirm-selected"
                  >
                    {t('operator.alarms.confirm_selected', { n: selected.size })}
                  </Button>
                </>
              )
            }}
            columns={[
              {
                id: 'select',
                header: '',
                width: 48,
                sortable: false,
                value: () => null,
                text: () => '',
                cell: (row) =>
                  row.confirmation_date ? null : (
                    <Checkbox
                      aria-label={t('operator.alarms.select', {
                        alarm: describe(row),
                        module: row.object_name,
                      })}
                      checked={selected.has(row.id)}
                      onChange={() => toggle(row.id)}
                    />
                  ),
              },
              clientColumn(t, { id: 'client', width: 180 }, 'id_client', 'client_name'),
              {
                id: 'module',
                header: t('operator.columns.module'),
                width: 180,
                value: (row) => row.object_name,
                text: (row) => `${row.object_name} ${row.serial}`,
                cell: (row) => (
                  <DetailLink to={`/admin/adminus/objects/${row.id_object}`}>{row.object_name}</DetailLink>
                ),
              },
              { id: 'alarm', header: t('operator.columns.alarm'), width: 240, value: (row) => describe(row) },
              {
                id: 'value',
                header: t('operator.columns.value'),
                width: 100,
                align: 'right',
                value: (row) => row.value,
                text: (row) => alarmValueText(row),
              },
              {
                id: 'state',
                header: t('operator.columns.state'),
                width: 200,
                value: (row) => `${row.active ? 0 : 1}${row.confirmation_date ? 1 : 0}`,
                text: (row) =>
                  `${t(row.active ? 'alarms.state_active' : 'alarms.state_inactive')}, ${
                    row.confirmation_date
                      ? t('operator.alarms.confirmed_by', { name: row.confirmation_user_name ?? '' })
                      : t('alarms.state_unconfirmed')
                  }`,
              },
              {
                id: 'activation_date',
                header: t('operator.columns.activation'),
                width: 180,
                value: (row) => row.activation_date,
                text: (row) => format.dateTime(row.activation_date),
              },
            ]}
          />
        )}
      </Loaded>
    </PageFrame>
  )
}
