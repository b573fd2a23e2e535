import type { Dashboard, Widget } from '@kropla/domain'
import { and, asc, count, eq } from 'drizzle-orm'
import type { Executor } from '../../db/executor'
import { clients, dashboards, objects } from '../../db/schema'

type DashboardRow = typeof dashboards.$inferSelect

const toDashboard = (row: DashboardRow): Dashboard => ({
  id: row.id,
  name: row.name,
  position: row.position,
  // Written only through the domain's widget schema (dashboards-service).
  widgets: row.widgets as Widget[],
})

/** Dashboards of one client account. */
export function createDashboardsDal(db: Executor, idClient: number) {
  const own = (id: number) => and(eq(dashboards.id_client, idClient), eq(dashboards.id, id))
  return {
    /**
     * Holds the account's row until the transaction ends, so that the limit of 16 and the first
     * dashboard made on first sight are checked by one writer at a time.
     */
    async lockAccount() {
      await db.select({ id: clients.id }).from(clients).where(eq(clients.id, idClient)).for('update')
    },
    async list(): Promise<Dashboard[]> {
      const rows = await db
        .select()
        .from(dashboards)
        .where(eq(dashboards.id_client, idClient))
        .orderBy(asc(dashboards.position), asc(dashboards.id))
      return rows.map(toDashboard)
    },
    async count() {
      const [row] = await db.select({ n: count() }).from(dashboards).where(eq(dashboards.id_client, idClient))
      return row?.n ?? 0
    },
    /** The account's modules: how tall the start dashboard's tiles are. */
    async moduleCount() {
      const [row] = await db.select({ n: count() }).from(objects).where(eq(objects.id_client, idClient))
      return row?.n ?? 0
    },
    async find(id: number) {
      const [row] = await db.select().from(dashboards).where(own(id))
      return row ? toDashboard(row) : null
    },
    async lock(id: number) {
      const [row] = await db.select({ id: dashboards.id }).from(dashboards).where(own(id)).for('update')
      return row ?? null
    },
    async insert(values: { name: string; position: number; widgets: Widget[] }) {
      const [row] = await db
        .insert(dashboards)
        .values({ ...values, id_client: idClient })
        .returning()
      return toDashboard(row!)
    },
    async update(id: number, values: { name: string; widgets: Widget[] }) {
      await db
        .update(dashboards)
        .set({ ...values, updated_at: new Date() })
        .where(own(id))
    },
    async setPosition(id: number, position: number) {
      await db.update(dashboards).set({ position }).where(own(id))
    },
    async remove(id: number) {
      await db.delete(dashboards).where(own(id))
    },
  }
}
