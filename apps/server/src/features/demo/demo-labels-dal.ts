import { and, eq, inArray } from 'drizzle-orm'
import type { Executor } from '../../db/executor'
import { groups, objects, outputs, sections } from '../../db/schema'

/** The demo account's modules and outputs, renamed only while they still carry a name the demo gave. */
export function createDemoLabelsDal(db: Executor, idClient: number) {
  return {
    /** Renames the account's module with that serial when its name is one of `untouched`. */
    async renameModule(serial: string, untouched: readonly string[], name: string) {
      await db
        .update(objects)
        .set({ name })
        .where(
          and(
            eq(objects.id_client, idClient),
            eq(objects.serial, serial),
            inArray(objects.name, [...untouched]),
          ),
        )
    },
    /** The account's output (or input equipment) on that module terminal, if any. */
    async findOutput(serial: string, fieldName: string) {
      const [row] = await db
        .select({ id: outputs.id, name: outputs.name })
        .from(outputs)
        .innerJoin(objects, eq(objects.id, outputs.id_object))
        .where(
          and(eq(outputs.id_client, idClient), eq(objects.serial, serial), eq(outputs.field_name, fieldName)),
        )
      return row ?? null
    },
    async updateOutput(
      id: number,
      values: { name: string; type?: string; properties?: Record<string, unknown> },
    ) {
      await db
        .update(outputs)
        .set({ ...values, updated_at: new Date() })
        .where(and(eq(outputs.id_client, idClient), eq(outputs.id, id)))
    },
    /** Renames the account's group whose name is one of `untouched`. */
    async renameGroup(untouched: readonly string[], name: string) {
      await db
        .update(groups)
        .set({ name, updated_at: new Date() })
        .where(and(eq(groups.id_client, idClient), inArray(groups.name, [...untouched])))
    },
    /** Renames the account's section whose name is one of `untouched`. */
    async renameSection(untouched: readonly string[], name: string) {
      await db
        .update(sections)
        .set({ name, updated_at: new Date() })
        .where(and(eq(sections.id_client, idClient), inArray(sections.name, [...untouched])))
    },
  }
}
