import { Anchor, Badge } from '@mantine/core'
import type { TFunction } from 'i18next'
import { Link } from 'react-router'
import type { DataColumn } from '../../app/ui/DataTable'

/**
 * A link cell to a detail screen of the operator area, for a DataTable column: the table's cell cuts
 * it short and gives it its whole text as a title on hover and focus; a tap follows the link to the
 * screen that names it whole.
 */
export function DetailLink({ to, children }: { to: string; children: string }) {
  return (
    <Anchor component={Link} to={to} size="sm">
      {children}
    </Anchor>
  )
}

/** A column whose cell links to the detail screen of the client the row names (`row[idKey]`, `row[nameKey]`). */
export function clientColumn<I extends string = 'id', N extends string = 'name'>(
  t: TFunction,
  column: { id: string; width: number },
  idKey = 'id' as I,
  nameKey = 'name' as N,
): DataColumn<Record<I, number> & Record<N, string>> {
  return {
    ...column,
    header: t('operator.columns.client'),
    value: (row) => row[nameKey],
    cell: (row) => <DetailLink to={`/admin/adminus/clients/${row[idKey]}`}>{row[nameKey]}</DetailLink>,
  }
}

/** The e-mail column of a table of users, each a link to the screen of the user `row[idKey]`. */
export function userEmailColumn<I extends string = 'id'>(
  t: TFunction,
  idKey = 'id' as I,
): DataColumn<Record<I, number> & { email: string }> {
  return {
    id: 'email',
    header: t('operator.columns.email'),
    width: 260,
    value: (row) => row.email,
    cell: (row) => <DetailLink to={`/admin/adminus/users/${row[idKey]}`}>{row.email}</DetailLink>,
  }
}

const countHeaders = {
  users: 'operator.columns.users',
  modules: 'operator.columns.modules',
  sessions: 'operator.columns.sessions',
} as const

/** A right-aligned count of the row's `key`. */
export function countColumn<K extends keyof typeof countHeaders>(
  t: TFunction,
  key: K,
  width: number,
): DataColumn<Record<K, number>> {
  const header: string = t(countHeaders[key as keyof typeof countHeaders])
  return { id: key, header, width, align: 'right', value: (row) => row[key] }
}

/** The account's state in words: blocked, expired, expires on..., active. */
export function accessWords(
  t: TFunction,
  client: { blocked: boolean; expires_at: string | null },
  now = Date.now(),
) {
  if (client.blocked) return t('operator.state.blocked')
  if (client.expires_at && Date.parse(client.expires_at) <= now) return t('operator.state.expired')
  return t('operator.state.active')
}

export function AccessBadge({
  t,
  client,
}: {
  t: TFunction
  client: { blocked: boolean; expires_at: string | null }
}) {
  const words = accessWords(t, client)
  const color = client.blocked ? 'red.9' : words === t('operator.state.expired') ? 'orange.9' : 'green.9'
  return (
    <Badge color={color} variant="filled">
      {words}
    </Badge>
  )
}

export const userTypeKey = (type: number) =>
  type === 0
    ? 'operator.user_types.adminus'
    : type === 1
      ? 'operator.user_types.admin'
      : 'operator.user_types.normal'
