import { Anchor, Badge } from '@mantine/core'
import type { TFunction } from 'i18next'
import { Link } from 'react-router'

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
