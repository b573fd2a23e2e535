import type { Output } from '@kropla/domain'
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Executor } from '../../db/executor'
import { group_outputs, outputs, region_outputs } from '../../db/schema'

export type OutputRow = typeof outputs.$inferSelect
export type OutputValues = Omit<typeof outputs.$inferInsert, 'id' | 'id_client' | 'created_at' | 'updated_at'>

/** Outputs and input equipment of one client account; another account's are never found. */
export function createOutputsDal(db: Executor, idClient: number) {
  async function withMemberships(rows: OutputRow[]): Promise<Output[]> {
    if (!rows.length) return []
    const ids = rows.map((row) => row.id)
    const inGroups = await db
      .select()
      .from(group_outputs)
      .where(inArray(group_outputs.id_output, ids))
      .orderBy(asc(group_outputs.id_group))
    const inRegions = await db
      .select()
      .from(region_outputs)
      .where(inArray(region_outputs.id_output, ids))
      .orderBy(asc(region_outputs.id_region))
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description,
      kind: row.kind as Output['kind'],
      type: row.type,
      id_object: row.id_object,
      field_name: row.field_name,
      properties: row.properties as Output['properties'],
      id_water_source: row.id_water_source,
      groups: inGroups.filter((link) => link.id_output === row.id).map((link) => link.id_group),
      regions: inRegions.filter((link) => link.id_output === row.id).map((link) => link.id_region),
    }))
  }

  return {
    async list(): Promise<Output[]> {
      const rows = await db
        .select()
        .from(outputs)
        .where(eq(outputs.id_client, idClient))
        .orderBy(asc(outputs.id))
      return withMemberships(rows)
    },
    async find(id: number): Promise<Output | null> {
      const [row] = await db
        .select()
        .from(outputs)
        .where(and(eq(outputs.id_client, idClient), eq(outputs.id, id)))
      return row ? ((await withMemberships([row]))[0] ?? null) : null
    },
    /** The row, locked until the transaction ends (so its uses cannot change meanwhile). */
    async lock(id: number): Promise<OutputRow | null> {
      const [row] = await db
        .select()
        .from(outputs)
        .where(and(eq(outputs.id_client, idClient), eq(outputs.id, id)))
        .for('update')
      return row ?? null
    },
    async insert(values: OutputValues) {
      const [row] = await db
        .insert(outputs)
        .values({ ...values, id_client: idClient })
        .returning()
      return row!
    },
    async update(id: number, values: OutputValues) {
      await db
        .update(outputs)
        .set({ ...values, updated_at: new Date() })
        .where(and(eq(outputs.id_client, idClient), eq(outputs.id, id)))
    },
    /** Replaces the output's groups and regions (ids already checked to be the account's). */
    async setMemberships(id: number, groupIds: number[], regionIds: number[]) {
      await db.delete(group_outputs).where(eq(group_outputs.id_output, id))
      await db.delete(region_outputs).where(eq(region_outputs.id_output, id))
      if (groupIds.length)
        await db.insert(group_outputs).values(groupIds.map((id_group) => ({ id_group, id_output: id })))
      if (regionIds.length)
        await db.insert(region_outputs).values(regionIds.map((id_region) => ({ id_region, id_output: id })))
    },
    async remove(id: number) {
      await db.delete(outputs).where(and(eq(outputs.id_client, idClient), eq(outputs.id, id)))
    },
  }
}
