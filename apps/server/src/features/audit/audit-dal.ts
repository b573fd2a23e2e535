import { auditLogLimit } from '@kropla/domain'
import { and, asc, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client'
import { audit_log, clients, users } from '../../db/schema'

export interface AuditFilter {
  idClient?: number
  idUser?: number
  entity?: string
  from?: Date
  to?: Date
}

/** Reads the audit log (written by the database's triggers, migration 0010; never by this module). */
export function createAuditDal(db: Db) {
  const actorClients = alias(clients, 'actor_clients')
  return {
    /** Entries matching the filter, newest first: at most `auditLogLimit`, and whether more matched. */
    async list(filter: AuditFilter) {
      const conditions: SQL[] = []
      if (filter.idClient !== undefined) conditions.push(eq(audit_log.id_client, filter.idClient))
      if (filter.idUser !== undefined) conditions.push(eq(audit_log.actor_user, filter.idUser))
      if (filter.entity !== undefined) conditions.push(eq(audit_log.entity, filter.entity))
      if (filter.from) conditions.push(gte(audit_log.at, filter.from))
      if (filter.to) conditions.push(lte(audit_log.at, filter.to))
      const rows = await db
        .select({
          entry: audit_log,
          client_name: clients.name,
          actor_client_name: actorClients.name,
        })
        .from(audit_log)
        .leftJoin(clients, eq(clients.id, audit_log.id_client))
        .leftJoin(actorClients, eq(actorClients.id, audit_log.actor_client))
        .where(and(...conditions))
        .orderBy(desc(audit_log.at), desc(audit_log.id))
        .limit(auditLogLimit + 1)
      return { rows: rows.slice(0, auditLogLimit), truncated: rows.length > auditLogLimit }
    },
    /** The accounts, users and kinds the filters offer (one account's, or every one's). */
    async filters(idClient?: number) {
      const clientRows = await db
        .select({ id: clients.id, name: clients.name })
        .from(clients)
        .where(idClient === undefined ? undefined : eq(clients.id, idClient))
        .orderBy(asc(clients.name))
      const userRows = await db
        .select({ id: users.id, email: users.email, id_client: users.id_client })
        .from(users)
        .where(idClient === undefined ? undefined : eq(users.id_client, idClient))
        .orderBy(asc(users.email))
      const entityRows = await db
        .selectDistinct({ entity: audit_log.entity })
        .from(audit_log)
        .where(idClient === undefined ? undefined : eq(audit_log.id_client, idClient))
        .orderBy(asc(audit_log.entity))
      return { clients: clientRows, users: userRows, entities: entityRows.map((row) => row.entity) }
    },
    /**
     * Deletes the entries written before `before` (the retention, AUDIT_RETENTION_DAYS), a batch at
     * a time so that a long backlog never holds the table for long; returns how many went.
     */
    async prune(before: Date, batch = 5_000) {
      let removed = 0
      for (;;) {
        const result = await db.execute(
          sql`delete from audit_log where id in (select id from audit_log where at < ${before} limit ${batch})`,
        )
        const count = result.rowCount ?? 0
        removed += count
        if (count < batch) return removed
      }
    },
    /** How many entries there are in all (tests and the operator's overview). */
    async count() {
      const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(audit_log)
      return row?.count ?? 0
    },
  }
}
export type AuditDal = ReturnType<typeof createAuditDal>
