import type { Group, GroupScope } from '@kropla/domain'
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Executor } from '../../db/executor'
import { group_objects, group_outputs, groups } from '../../db/schema'

export type GroupRow = typeof groups.$inferSelect
export interface GroupValues {
  name: string
  description: string
  scope: GroupScope
}

/** Groups of one client account: of modules (`objects`) or of outputs, with their elements. */
export function createGroupsDal(db: Executor, idClient: number) {
  async function withElements(rows: GroupRow[]): Promise<Group[]> {
    if (!rows.length) return []
    const ids = rows.map((row) => row.id)
    const objectLinks = await db
      .select()
      .from(group_objects)
      .where(inArray(group_objects.id_group, ids))
      .orderBy(asc(group_objects.id_object))
    const outputLinks = await db
      .select()
      .from(group_outputs)
      .where(inArray(group_outputs.id_group, ids))
      .orderBy(asc(group_outputs.id_output))
    return rows.map((row) => {
      const elements =
        row.scope === 'objects'
          ? objectLinks.filter((link) => link.id_group === row.id).map((link) => link.id_object)
          : outputLinks.filter((link) => link.id_group === row.id).map((link) => link.id_output)
      return {
        id: row.id,
        name: row.name,
        description: row.description,
        scope: row.scope as GroupScope,
        elements,
        element_count: elements.length,
      }
    })
  }

  return {
    async list() {
      const rows = await db
        .select()
        .from(groups)
        .where(eq(groups.id_client, idClient))
        .orderBy(asc(groups.id))
      return withElements(rows)
    },
    async find(id: number) {
      const [row] = await db
        .select()
        .from(groups)
        .where(and(eq(groups.id_client, idClient), eq(groups.id, id)))
      return row ? ((await withElements([row]))[0] ?? null) : null
    },
    async lock(id: number) {
      const [row] = await db
        .select()
        .from(groups)
        .where(and(eq(groups.id_client, idClient), eq(groups.id, id)))
        .for('update')
      return row ?? null
    },
    async insert(values: GroupValues) {
      const [row] = await db
        .insert(groups)
        .values({ ...values, id_client: idClient })
        .returning()
      return row!
    },
    async update(id: number, values: GroupValues) {
      await db
        .update(groups)
        .set({ ...values, updated_at: new Date() })
        .where(and(eq(groups.id_client, idClient), eq(groups.id, id)))
    },
    /** Replaces the elements: the old ones of either scope go, the new ones are of `scope`. */
    async setElements(id: number, scope: GroupScope, elements: number[]) {
      await db.delete(group_objects).where(eq(group_objects.id_group, id))
      await db.delete(group_outputs).where(eq(group_outputs.id_group, id))
      if (!elements.length) return
      if (scope === 'objects')
        await db.insert(group_objects).values(elements.map((id_object) => ({ id_group: id, id_object })))
      else await db.insert(group_outputs).values(elements.map((id_output) => ({ id_group: id, id_output })))
    },
    /** Its elements and the sections holding it let it go (the join rows cascade). */
    async remove(id: number) {
      await db.delete(groups).where(and(eq(groups.id_client, idClient), eq(groups.id, id)))
    },
  }
}
