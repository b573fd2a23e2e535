import { and, eq, ne } from 'drizzle-orm'
import type { Executor } from '../../db/executor'
import { objects, outputs } from '../../db/schema'
import { moduleOutputRows } from './module-outputs'

type ObjectRow = typeof objects.$inferSelect

/**
 * Gives a module on an account its outputs (see `moduleOutputRows`). Rows left over from an
 * account the module was on before go; existing rows of this account stay as the user made them.
 */
export async function createModuleOutputs(db: Executor, object: ObjectRow): Promise<void> {
  if (object.id_client === null) return
  await db
    .delete(outputs)
    .where(and(eq(outputs.id_object, object.id), ne(outputs.id_client, object.id_client)))
  const rows = moduleOutputRows({ ...object, id_client: object.id_client })
  if (rows.length === 0) return
  await db
    .insert(outputs)
    .values(rows)
    .onConflictDoNothing({ target: [outputs.id_object, outputs.field_name] })
}

export interface Activation {
  idClient: number
  at: Date
  /** Settings chosen while adding it (the add-module wizard); registration keeps the fleet's. */
  settings?: Partial<
    Pick<
      ObjectRow,
      'name' | 'marker' | 'lng' | 'lat' | 'properties' | 'config' | 'config_pending_id' | 'config_sent_at'
    >
  >
}

/**
 * Activates a module on a client account and creates its outputs, on the caller's transaction:
 * every way a module gets onto an account (registration, the add-module wizard, the operator's
 * fleet commands, the demo farm) goes through here or `createModuleOutputs`.
 */
export async function activateModule(db: Executor, objectId: number, activation: Activation) {
  const [row] = await db
    .update(objects)
    .set({
      ...activation.settings,
      id_client: activation.idClient,
      activated_at: activation.at,
      deactivated_at: null,
    })
    .where(eq(objects.id, objectId))
    .returning()
  if (!row) throw new Error(`module ${objectId} not found`)
  await createModuleOutputs(db, row)
  return row
}
