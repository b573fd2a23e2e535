import type { AuditEntry } from '@kropla/domain'

const shown = (value: unknown): string => {
  if (value === null || value === undefined) return '—'
  if (typeof value === 'string') return value
  return JSON.stringify(value)
}

/**
 * One line saying what an entry changed: `name: North → South` per changed column of an update,
 * the written fields of an insert or delete.
 */
export function summariseChange(entry: Pick<AuditEntry, 'action' | 'before' | 'after'>): string {
  const { before, after } = entry
  if (entry.action === 'update' && before && after)
    return Object.keys(after)
      .map((key) => `${key}: ${shown(before[key])} → ${shown(after[key])}`)
      .join('; ')
  const row = after ?? before
  if (!row) return ''
  return Object.entries(row)
    .filter(([key]) => key !== 'created_at' && key !== 'updated_at')
    .map(([key, value]) => `${key}: ${shown(value)}`)
    .join('; ')
}
