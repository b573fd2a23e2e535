import { defaultProperties, findModel, propertiesOfEquipmentType } from '@kropla/domain'

/** An output's name when its module is activated: "<module name> <field>", within 64 characters. */
export function defaultOutputName(moduleName: string, field: string): string {
  return `${moduleName.slice(0, 64 - field.length - 1).trim()} ${field}`.trim()
}

/**
 * The `outputs` rows a module on an account starts with: one per output of its model (kind
 * 'output', the first allowed type, that type's default properties); none for an unknown model.
 */
export function moduleOutputRows(object: {
  id: number
  id_client: number
  serial: string
  name: string
  last_device_model: string
}) {
  const model = findModel(object.last_device_model)
  const type = model?.allowedOutputTypes[0]
  if (!model || !type || model.outputs.length === 0) return []
  const properties = defaultProperties(propertiesOfEquipmentType(type))
  return model.outputs.map((field) => ({
    id_client: object.id_client,
    id_object: object.id,
    field_name: field,
    name: defaultOutputName(object.name || object.serial, field),
    kind: 'output',
    type,
    properties,
  }))
}
