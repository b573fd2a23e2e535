import type { WaterSource } from '@kropla/domain'
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Executor } from '../../db/executor'
import { water_source_outputs, water_sources } from '../../db/schema'

export type WaterSourceRow = typeof water_sources.$inferSelect
export interface WaterSourceValues {
  name: string
  description: string
  efficiency: number
}

/** Water sources of one client account, with the outputs delivering their clean and fertigated water. */
export function createWaterSourcesDal(db: Executor, idClient: number) {
  async function withOutputs(rows: WaterSourceRow[]): Promise<WaterSource[]> {
    if (!rows.length) return []
    const links = await db
      .select()
      .from(water_source_outputs)
      .where(
        inArray(
          water_source_outputs.id_water_source,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(asc(water_source_outputs.id_output))
    return rows.map((row) => {
      const own = links.filter((link) => link.id_water_source === row.id)
      return {
        id: row.id,
        name: row.name,
        description: row.description,
        efficiency: row.efficiency,
        clean_outputs: own.filter((link) => !link.fertigation).map((link) => link.id_output),
        fertigated_outputs: own.filter((link) => link.fertigation).map((link) => link.id_output),
      }
    })
  }

  return {
    async list() {
      const rows = await db
        .select()
        .from(water_sources)
        .where(eq(water_sources.id_client, idClient))
        .orderBy(asc(water_sources.id))
      return withOutputs(rows)
    },
    async find(id: number) {
      const [row] = await db
        .select()
        .from(water_sources)
        .where(and(eq(water_sources.id_client, idClient), eq(water_sources.id, id)))
      return row ? ((await withOutputs([row]))[0] ?? null) : null
    },
    async lock(id: number) {
      const [row] = await db
        .select()
        .from(water_sources)
        .where(and(eq(water_sources.id_client, idClient), eq(water_sources.id, id)))
        .for('update')
      return row ?? null
    },
    async insert(values: WaterSourceValues) {
      const [row] = await db
        .insert(water_sources)
        .values({ ...values, id_client: idClient })
        .returning()
      return row!
    },
    async update(id: number, values: WaterSourceValues) {
      await db
        .update(water_sources)
        .set({ ...values, updated_at: new Date() })
        .where(and(eq(water_sources.id_client, idClient), eq(water_sources.id, id)))
    },
    async setOutputs(id: number, clean: number[], fertigated: number[]) {
      await db.delete(water_source_outputs).where(eq(water_source_outputs.id_water_source, id))
      const links = [
        ...clean.map((id_output) => ({ id_water_source: id, id_output, fertigation: false })),
        ...fertigated.map((id_output) => ({ id_water_source: id, id_output, fertigation: true })),
      ]
      if (links.length) await db.insert(water_source_outputs).values(links)
    },
    /** Sections and outputs drawing from it keep going, with no water source (the foreign keys set null). */
    async remove(id: number) {
      await db
        .delete(water_sources)
        .where(and(eq(water_sources.id_client, idClient), eq(water_sources.id, id)))
    },
  }
}
