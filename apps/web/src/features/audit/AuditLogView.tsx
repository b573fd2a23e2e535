import type { AuditEntry, AuditLogQuery } from '@kropla/domain'
import { Group, Select, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type DataColumn, DataTable } from '../../app/ui/DataTable'
import { Loaded } from '../../app/ui/Loaded'
import { translateKey } from '../../lib/translate-key'
import { useUserFormat } from '../session/use-user-format'
import { type AuditScope, useAuditLog, useAuditLogFilters } from './audit-api'
import { summariseChange } from './audit-summary'

/** The time filter: entries of the last day, week, month, year, or all of them. */
const periods = { day: 1, week: 7, month: 30, year: 365, all: 0 } as const
type Period = keyof typeof periods

/**
 * The audit log (issue 15): every write, newest first, with who made it (an operator on support
 * access "on behalf of" the account), the account, what changed and from which address. Filters:
 * account (the operator's only), user, kind and time. Every matching row is in the table, drawn a
 * screenful at a time (the shared DataTable, @tanstack/react-virtual), newest first.
 */
export function AuditLogView({ scope }: { scope: AuditScope }) {
  const { t, i18n } = useTranslation()
  const format = useUserFormat()
  const [idClient, setIdClient] = useState<string | null>(null)
  const [idUser, setIdUser] = useState<string | null>(null)
  const [entity, setEntity] = useState<string | null>(null)
  const [period, setPeriod] = useState<Period>('week')
  // The start of the period is fixed when it is chosen, so the query key stays put between renders.
  const [from, setFrom] = useState(() => periodStart('week'))
  const query: AuditLogQuery = {
    id_client: scope === 'operator' && idClient ? Number(idClient) : undefined,
    id_user: idUser ? Number(idUser) : undefined,
    entity: entity ?? undefined,
    from,
  }
  const options = useAuditLogFilters(scope)
  const log = useAuditLog(scope, query)
  const entries = log.data?.entries ?? []

  const kindLabel = (kind: string) => translateKey(i18n, `audit.kinds.${kind}`, kind)
  const actionLabel = (action: string) => translateKey(i18n, `audit.actions.${action}`, action)
  const columns: DataColumn<AuditEntry>[] = [
    { id: 'at', header: t('audit.columns.at'), width: 170, text: (entry) => format.dateTime(entry.at) },
    ...(scope === 'operator'
      ? [
          {
            id: 'client',
            header: t('audit.columns.account'),
            width: 150,
            text: (entry: AuditEntry) => entry.client_name ?? t('audit.no_account'),
          },
        ]
      : []),
    { id: 'who', header: t('audit.columns.who'), width: 260, text: (entry) => whoOf(entry) },
    {
      id: 'action',
      header: t('audit.columns.action'),
      width: 200,
      text: (entry) => actionLabel(entry.action),
    },
    { id: 'kind', header: t('audit.columns.kind'), width: 190, text: (entry) => kindLabel(entry.entity) },
    { id: 'id', header: t('audit.columns.id'), width: 80, text: (entry) => entry.entity_id ?? '' },
    {
      id: 'change',
      header: t('audit.columns.change'),
      width: 360,
      text: (entry) => [entry.reason, summariseChange(entry)].filter(Boolean).join(' · '),
    },
    { id: 'ip', header: t('audit.columns.address'), width: 130, text: (entry) => entry.ip ?? '' },
  ]

  function whoOf(entry: AuditEntry): string {
    if (entry.actor_email === null) return entry.ip ? t('audit.anonymous') : t('audit.system')
    if (entry.support)
      return t('audit.on_behalf', { who: entry.actor_email, account: entry.client_name ?? '' })
    return entry.actor_email
  }

  const clients = options.data?.clients ?? []
  const users = (options.data?.users ?? []).filter(
    (user) => scope === 'account' || !idClient || user.id_client === Number(idClient),
  )
  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        {scope === 'operator' && (
          <Select
            label={t('audit.filters.account')}
            placeholder={t('audit.filters.any')}
            data={clients.map((client) => ({ value: String(client.id), label: client.name }))}
            value={idClient}
            onChange={(value) => {
              setIdClient(value)
              setIdUser(null)
            }}
            searchable
            clearable
            w={{ base: '100%', xs: 220 }}
            data-testid="audit-filter-account"
          />
        )}
        <Select
          label={t('audit.filters.user')}
          placeholder={t('audit.filters.any')}
          data={users.map((user) => ({ value: String(user.id), label: user.email }))}
          value={idUser}
          onChange={setIdUser}
          searchable
          clearable
          w={{ base: '100%', xs: 240 }}
          data-testid="audit-filter-user"
        />
        <Select
          label={t('audit.filters.kind')}
          placeholder={t('audit.filters.any')}
          data={(options.data?.entities ?? []).map((kind) => ({ value: kind, label: kindLabel(kind) }))}
          value={entity}
          onChange={setEntity}
          clearable
          w={{ base: '100%', xs: 200 }}
          data-testid="audit-filter-kind"
        />
        <Select
          label={t('audit.filters.period')}
          data={(Object.keys(periods) as Period[]).map((value) => ({
            value,
            label: t(`audit.periods.${value}`),
          }))}
          value={period}
          allowDeselect={false}
          onChange={(value) => {
            const chosen = (value ?? 'week') as Period
            setPeriod(chosen)
            setFrom(periodStart(chosen))
          }}
          w={{ base: '100%', xs: 180 }}
          data-testid="audit-filter-period"
        />
      </Group>
      <Loaded query={log}>
        {({ truncated }) => (
          <>
            <Text size="sm" c="dimmed" data-testid="audit-count">
              {truncated
                ? t('audit.count_truncated', { count: entries.length })
                : t('audit.count', { count: entries.length })}
            </Text>
            <DataTable
              label={t('audit.title')}
              rows={entries}
              columns={columns}
              rowKey={(entry) => entry.id}
              testId="audit-table"
              height={560}
              searchable={false}
              sortable={false}
              density="compact"
            />
          </>
        )}
      </Loaded>
    </Stack>
  )
}

function periodStart(period: Period): string | undefined {
  const days = periods[period]
  return days ? new Date(Date.now() - days * 86_400_000).toISOString() : undefined
}
