import {
  type DeviceModel,
  type EquipmentKind,
  equipmentTypesByKind,
  findModel,
  type ModuleInterface,
  type ObjectDetail,
  type Output,
  propertiesOfEquipmentType,
} from '@kropla/domain'

export interface EquipmentValues extends Record<string, unknown> {
  name: string
  description: string
  id_object: number | null
  field_name: string
  kind: EquipmentKind
  type: string
  /** Numbers may be '' while a field is being typed. */
  properties: Record<string, number | string | null>
  id_water_source: number | null
  groups: number[]
  regions: number[]
}

/** Modules equipment can be wired to: those whose model has interfaces. */
export function wireableObjects(objects: readonly ObjectDetail[]): ObjectDetail[] {
  return objects.filter((object) => (findModel(object.last_device_model)?.interfaces.length ?? 0) > 0)
}

export function modelOfObject(objects: readonly ObjectDetail[], id: number | null): DeviceModel | undefined {
  const object = objects.find((candidate) => candidate.id === id)
  return object ? findModel(object.last_device_model) : undefined
}

/** The module's interfaces no other equipment is wired to (`editing` keeps its own). */
export function freeInterfaces(
  model: DeviceModel | undefined,
  idObject: number | null,
  outputs: readonly Output[],
  editing: number | null,
): ModuleInterface[] {
  if (!model) return []
  const taken = new Set(
    outputs
      .filter((output) => output.id_object === idObject && output.id !== editing)
      .map((output) => output.field_name),
  )
  return model.interfaces.filter((wiring) => !taken.has(wiring.field))
}

/** Outputs take the model's allowed output types; input kinds their sub-types (spec 02 sections 3.4, 3.6). */
export function typesFor(model: DeviceModel | undefined, kind: EquipmentKind): readonly string[] {
  if (kind === 'output') return model ? model.allowedOutputTypes : []
  return equipmentTypesByKind[kind]
}

/**
 * After the module, interface, kind or type changed: every later choice made valid again (the
 * first free interface, the first kind it takes, the first type of that kind), and the properties
 * of the type, keeping the values of those the old type had too.
 */
export function rewire(
  values: EquipmentValues,
  model: DeviceModel | undefined,
  free: readonly ModuleInterface[],
) {
  if (!model) return values
  const wiring = free.find((candidate) => candidate.field === values.field_name) ?? free[0]
  const kinds = wiring?.kinds ?? []
  const kind = kinds.includes(values.kind) ? values.kind : (kinds[0] ?? values.kind)
  const types = typesFor(model, kind)
  const type = types.includes(values.type) ? values.type : (types[0] ?? '')
  const properties = Object.fromEntries(
    propertiesOfEquipmentType(type).map((definition) => [
      definition.name,
      definition.name in values.properties
        ? (values.properties[definition.name] ?? null)
        : definition.default,
    ]),
  )
  return { ...values, field_name: wiring?.field ?? '', kind, type, properties }
}

/** The body of POST/PUT /api/outputs: empty number fields are null. */
export function equipmentBody(values: EquipmentValues) {
  const numbers = new Set(
    propertiesOfEquipmentType(values.type)
      .filter((definition) => definition.kind !== 'text')
      .map((definition) => definition.name),
  )
  return {
    ...values,
    id_object: values.id_object ?? 0,
    properties: Object.fromEntries(
      Object.entries(values.properties).map(([name, value]) => [
        name,
        value === '' && numbers.has(name) ? null : value,
      ]),
    ),
  }
}
