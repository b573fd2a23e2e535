import type { ParsedReportRequest, ReportTemplate } from '@kropla/domain'
import { and, asc, count, eq } from 'drizzle-orm'
import type { Executor } from '../../../db/executor'
import { clients, report_templates } from '../../../db/schema'

type TemplateRow = typeof report_templates.$inferSelect

const toTemplate = (row: TemplateRow): ReportTemplate => ({
  id: row.id,
  name: row.name,
  // Written only through the domain's report request schema (report-templates-service).
  request: row.request as ParsedReportRequest,
  range_days: row.range_days,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
})

export interface TemplateValues {
  name: string
  request: ParsedReportRequest
  range_days: number | null
}

/** Report templates of one client account. */
export function createReportTemplatesDal(db: Executor, idClient: number) {
  const own = (id: number) => and(eq(report_templates.id_client, idClient), eq(report_templates.id, id))
  return {
    /** Holds the account's row until the transaction ends: the maximum count is checked by one writer at a time. */
    async lockAccount() {
      await db.select({ id: clients.id }).from(clients).where(eq(clients.id, idClient)).for('update')
    },
    async list(): Promise<ReportTemplate[]> {
      const rows = await db
        .select()
        .from(report_templates)
        .where(eq(report_templates.id_client, idClient))
        .orderBy(asc(report_templates.name), asc(report_templates.id))
      return rows.map(toTemplate)
    },
    async count() {
      const [row] = await db
        .select({ n: count() })
        .from(report_templates)
        .where(eq(report_templates.id_client, idClient))
      return row?.n ?? 0
    },
    async find(id: number) {
      const [row] = await db.select().from(report_templates).where(own(id))
      return row ? toTemplate(row) : null
    },
    async insert(values: TemplateValues) {
      const [row] = await db
        .insert(report_templates)
        .values({ ...values, id_client: idClient })
        .returning()
      return toTemplate(row!)
    },
    /** The changed template, or null when the account has no such template. */
    async update(id: number, values: TemplateValues) {
      const [row] = await db
        .update(report_templates)
        .set({ ...values, updated_at: new Date() })
        .where(own(id))
        .returning()
      return row ? toTemplate(row) : null
    },
    /** Whether a template was removed. */
    async remove(id: number) {
      const rows = await db.delete(report_templates).where(own(id)).returning({ id: report_templates.id })
      return rows.length > 0
    },
  }
}
