import type { AuditEntry, AuditLogAnswer, AuditLogFilters, AuditLogQuery } from '@kropla/domain'
import type { AuditDal } from './audit-dal'

type Row = Awaited<ReturnType<AuditDal['list']>>['rows'][number]

const asRecord = (value: unknown): Record<string, unknown> | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null

function toEntry({ entry, client_name, actor_client_name }: Row): AuditEntry {
  return {
    id: entry.id,
    at: entry.at.toISOString(),
    id_client: entry.id_client,
    client_name,
    actor_user: entry.actor_user,
    actor_email: entry.actor_email,
    actor_client: entry.actor_client,
    actor_client_name,
    support: entry.support,
    ip: entry.ip,
    via: entry.via,
    action: entry.action,
    entity: entry.entity,
    entity_id: entry.entity_id,
    before: asRecord(entry.before),
    after: asRecord(entry.after),
    reason: entry.reason,
  }
}

/**
 * The audit log for reading: the operator's (every account, filterable by account) and an account
 * admin's (their current account only, whatever the query says).
 */
export function createAuditService(deps: { dal: AuditDal }) {
  async function list(query: AuditLogQuery, idClient: number | undefined): Promise<AuditLogAnswer> {
    const { rows, truncated } = await deps.dal.list({
      idClient,
      idUser: query.id_user,
      entity: query.entity,
      from: query.from ? new Date(query.from) : undefined,
      to: query.to ? new Date(query.to) : undefined,
    })
    return { entries: rows.map(toEntry), truncated }
  }
  return {
    /** The operator's view: every account's entries, or one account's (`id_client`). */
    listAll: (query: AuditLogQuery) => list(query, query.id_client),
    /** An account admin's view: their account's entries only. */
    listForClient: (idClient: number, query: AuditLogQuery) => list(query, idClient),
    filtersAll: (): Promise<AuditLogFilters> => deps.dal.filters(),
    filtersForClient: (idClient: number): Promise<AuditLogFilters> => deps.dal.filters(idClient),
  }
}
export type AuditService = ReturnType<typeof createAuditService>
