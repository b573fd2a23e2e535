import { z } from 'zod'
import { isEquipmentTypeOf, propertiesOfEquipmentType } from '../catalogue/equipment'
import { propertiesSchema } from '../catalogue/properties-schema'
import { type DeviceModel, equipmentKinds } from '../catalogue/types'
import { singleLineText } from '../input/text'
import { idListSchema, idSchema, resourceDescriptionSchema, resourceNameSchema } from './common'

/**
 * An output or input equipment wired to a module interface (spec 01 section 3, Output / device;
 * spec 02 "components"). Outputs of a module are created with it; AM-600 inputs are added by the user.
 */
export const outputSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  kind: z.enum(equipmentKinds),
  type: z.string(),
  id_object: z.number().int(),
  field_name: z.string(),
  properties: z.record(z.string(), z.union([z.number(), z.string(), z.null()])),
  /** The water source this output draws from (irrigation outputs), if any. */
  id_water_source: z.number().int().nullable(),
  groups: z.array(z.number().int()),
  regions: z.array(z.number().int()),
})
export type Output = z.infer<typeof outputSchema>

export const saveOutputSchema = z.object({
  name: resourceNameSchema,
  description: resourceDescriptionSchema,
  kind: z.enum(equipmentKinds, { error: 'errors.field_required' }),
  type: singleLineText({ error: 'errors.field_required' }).min(1, { error: 'errors.field_required' }),
  id_object: idSchema,
  field_name: singleLineText({ error: 'errors.field_required' }).min(1, { error: 'errors.field_required' }),
  properties: z.record(z.string(), z.union([z.number(), z.string(), z.null()])).default({}),
  id_water_source: idSchema.nullable().default(null),
  groups: idListSchema.default([]),
  regions: idListSchema.default([]),
})
export type SaveOutput = z.input<typeof saveOutputSchema>

/** Kind, type and properties must fit the module interface they are wired to. */
export function equipmentSchemaFor(model: DeviceModel) {
  return saveOutputSchema.superRefine((output, context) => {
    const wiring = model.interfaces.find((candidate) => candidate.field === output.field_name)
    if (!wiring) {
      context.addIssue({ code: 'custom', path: ['field_name'], message: 'errors.interface_unknown' })
      return
    }
    if (!wiring.kinds.includes(output.kind)) {
      context.addIssue({ code: 'custom', path: ['kind'], message: 'errors.kind_not_allowed' })
      return
    }
    const typeFits =
      output.kind === 'output'
        ? (model.allowedOutputTypes as readonly string[]).includes(output.type)
        : isEquipmentTypeOf(output.kind, output.type)
    if (!typeFits) {
      context.addIssue({ code: 'custom', path: ['type'], message: 'errors.type_not_allowed' })
      return
    }
    const properties = propertiesSchema(propertiesOfEquipmentType(output.type)).safeParse(output.properties)
    if (!properties.success)
      for (const issue of properties.error.issues)
        context.addIssue({
          code: 'custom',
          path: ['properties', ...issue.path.map(String)],
          message: issue.message,
        })
  })
}
