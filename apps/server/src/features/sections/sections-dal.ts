import type { Section } from '@kropla/domain'
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Executor } from '../../db/executor'
import { section_groups, sections } from '../../db/schema'

export type SectionRow = typeof sections.$inferSelect
export type SectionValues = Pick<
  typeof sections.$inferInsert,
  'name' | 'type' | 'description' | 'area' | 'flow' | 'id_water_source' | 'soil_type' | 'plant'
>

/** Irrigation sections of one client account, with their groups of outputs. */
export function createSectionsDal(db: Executor, idClient: number) {
  async function withGroups(rows: SectionRow[]): Promise<Section[]> {
    if (!rows.length) return []
    const links = await db
      .select()
      .from(section_groups)
      .where(
        inArray(
          section_groups.id_section,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(asc(section_groups.id_group))
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      type: row.type,
      description: row.description,
      area: row.area,
      flow: row.flow,
      id_water_source: row.id_water_source,
      groups: links.filter((link) => link.id_section === row.id).map((link) => link.id_group),
      soil_type: row.soil_type,
      plant: row.plant,
    }))
  }

  return {
    async list() {
      const rows = await db
        .select()
        .from(sections)
        .where(eq(sections.id_client, idClient))
        .orderBy(asc(sections.id))
      return withGroups(rows)
    },
    async find(id: number) {
      const [row] = await db
        .select()
        .from(sections)
        .where(and(eq(sections.id_client, idClient), eq(sections.id, id)))
      return row ? ((await withGroups([row]))[0] ?? null) : null
    },
    async lock(id: number) {
      const [row] = await db
        .select()
        .from(sections)
        .where(and(eq(sections.id_client, idClient), eq(sections.id, id)))
        .for('update')
      return row ?? null
    },
    async insert(values: SectionValues) {
      const [row] = await db
        .insert(sections)
        .values({ ...values, id_client: idClient })
        .returning()
      return row!
    },
    async update(id: number, values: SectionValues) {
      await db
        .update(sections)
        .set({ ...values, updated_at: new Date() })
        .where(and(eq(sections.id_client, idClient), eq(sections.id, id)))
    },
    async setGroups(id: number, groupIds: number[]) {
      await db.delete(section_groups).where(eq(section_groups.id_section, id))
      if (groupIds.length)
        await db.insert(section_groups).values(groupIds.map((id_group) => ({ id_section: id, id_group })))
    },
    async remove(id: number) {
      await db.delete(sections).where(and(eq(sections.id_client, idClient), eq(sections.id, id)))
    },
  }
}
