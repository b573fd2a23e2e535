import { defaultProperties, findModel, propertiesOfEquipmentType } from '@kropla/domain'
import { and, eq, ne } from 'drizzle-orm'
import { objects, outputs } from '../../db/schema'
import type { Executor } from '../users/db-helpers'

type ObjectRow = typeof objects.$inferSelect

/** An output's name when its module is activated: "<module name> <field>", within 64 characters. */
export function defaultOutputName(moduleName: string, field: string): string {
  return `${moduleName.slice(0, 64 - field.length - 1).trim()} ${field}`.trim()
}

/**
 * One `outputs` row per output of the module's model (kind 'output', the first allowed type,
 * that type's default properties). Rows left over from an account the module was on before go;
 * existing rows of this account stay as the user made them.
 */
export async function createModuleOutputs(db: Executor, object: ObjectRow): Promise<void> {
  if (object.id_client === null) return
  const model = findModel(object.last_device_model)
  await db
    .delete(outputs)
    .where(and(eq(outputs.id_object, object.id), ne(outputs.id_client, object.id_client)))
  const type = model?.allowedOutputTypes[0]
  if (!model || !type || model.outputs.length === 0) return
  const properties = defaultProperties(propertiesOfEquipmentType(type))
  await db
    .insert(outputs)
    .values(
      model.outputs.map((field) => ({
        id_client: object.id_client!,
        id_object: object.id,
        field_name: field,
        name: defaultOutputName(object.name || object.serial, field),
        kind: 'output',
        type,
        properties,
      })),
    )
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
