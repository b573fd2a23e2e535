import { describe, expect, it } from 'vitest'
import { demoFarm } from '../demo/demo-farm'
import { fleetModuleSchema } from '../fleet/fleet-module'
import {
  catalogue,
  configurableInputProperties,
  findInput,
  findModel,
  inputLabelProperties,
  modelCodes,
} from './catalogue'
import { propertiesSchema } from './properties-schema'
import { outputTypes, type PropertyDefinition } from './types'

const models = [...catalogue.values()]

describe('device catalogue', () => {
  it('finds every model by the code it registers under', () => {
    for (const code of modelCodes) expect(findModel(code)?.registeredAs ?? findModel(code)?.code).toBe(code)
    expect(findModel('AM-000')).toBeUndefined()
  })

  it.each(models.map((model) => [model.code, model] as const))('%s has unique input names', (_, model) => {
    const names = model.inputs.map((input) => input.name)
    expect(new Set(names).size).toBe(names.length)
  })

  it.each(models.map((model) => [model.code, model] as const))(
    '%s shows only its own fields on the tile',
    (_, model) => {
      for (const field of model.tilePreview) expect(findInput(model, field), field).toBeDefined()
    },
  )

  it.each(models.map((model) => [model.code, model] as const))(
    '%s lists its outputs as output inputs',
    (_, model) => {
      const outputInputs = model.inputs.filter((input) => input.kind === 'output').map((input) => input.name)
      expect(outputInputs).toEqual([...model.outputs])
      if (model.outputs.length === 0) expect(model.allowedOutputTypes).toEqual([])
      for (const type of model.allowedOutputTypes) expect(outputTypes).toContain(type)
    },
  )

  it.each(models.map((model) => [model.code, model] as const))(
    '%s has sensible ranges and decimals',
    (_, model) => {
      for (const input of model.inputs) {
        if (input.min !== undefined && input.max !== undefined)
          expect(input.min, input.name).toBeLessThan(input.max)
        expect(Number.isInteger(input.decimals) && input.decimals >= 0, input.name).toBe(true)
      }
    },
  )

  it('holds the 14 models of the spec, each code once', () => {
    expect(models).toHaveLength(14)
    expect(new Set(models.map((model) => model.code)).size).toBe(14)
    expect(modelCodes).toHaveLength(14)
    expect(models.map((model) => model.code).sort()).toEqual(
      [
        'AM-100-101',
        'AM-100-103',
        'AM-100-051',
        'AM-100-21',
        'AM-100-22',
        'AM-200',
        'AM-301',
        'AM-401',
        'AM-411',
        'AM-421',
        'AM-600',
        'AM-100-7',
        'WG-100',
        'AGB-2000',
      ].sort(),
    )
  })

  it('registers the substratum probe as AM-999 and finds it by either code', () => {
    const probe = findModel('AM-999')
    expect(probe?.code).toBe('AM-100-7')
    expect(findModel('AM-100-7')).toBe(probe)
    expect(modelCodes).toContain('AM-999')
    expect(modelCodes).not.toContain('AM-100-7')
  })

  it('limits the output types per the spec', () => {
    expect(findModel('AM-421')?.allowedOutputTypes).toEqual(['irr'])
    expect(findModel('AM-401')?.allowedOutputTypes).not.toContain('irr')
    expect(findModel('AM-600')?.allowedOutputTypes).not.toContain('irr')
    expect(findModel('AM-411')?.allowedOutputTypes).toEqual(outputTypes)
  })

  it.each(models.map((model) => [model.code, model] as const))(
    '%s names only its own inputs in widgets, alarms, interfaces and input configuration',
    (_, model) => {
      const lists = {
        widgetFields: model.widgetFields,
        alarmFields: model.alarmFields,
        interfaces: model.interfaces.map((terminal) => terminal.field),
        configurableInputs: model.configurableInputs.map((input) => input.field),
      }
      for (const [list, fields] of Object.entries(lists)) {
        for (const field of fields) expect(findInput(model, field), `${list}: ${field}`).toBeDefined()
        expect(new Set(fields).size, list).toBe(fields.length)
      }
      for (const field of model.tilePreview) expect(model.widgetFields, field).toContain(field)
      expect(model.tilePreview.length).toBeGreaterThan(0)
      expect(model.tilePreview.length).toBeLessThanOrEqual(6)
      expect(model.image).toBe(`/models/${model.code}.svg`)
      expect(model.dictionaryKey).toBe(model.code)
    },
  )

  it.each(models.map((model) => [model.code, model] as const))(
    '%s wires equipment to every output',
    (_, model) => {
      for (const output of model.outputs)
        expect(model.interfaces.find((terminal) => terminal.field === output)?.kinds).toEqual(['output'])
      for (const terminal of model.interfaces)
        expect(terminal.kinds.length, terminal.field).toBeGreaterThan(0)
    },
  )

  it.each(models.map((model) => [model.code, model] as const))(
    '%s has valid property defaults',
    (_, model) => {
      expectValidDefinitions(model.properties)
    },
  )

  it('has valid input configuration properties', () => {
    expectValidDefinitions(inputLabelProperties)
    expectValidDefinitions(configurableInputProperties)
    expect(inputLabelProperties.map((property) => property.name)).toEqual(['custom_label', 'custom_units'])
  })

  it('offers per-input configuration on the universal module only', () => {
    for (const model of models)
      if (model.code !== 'AM-600') expect(model.configurableInputs, model.code).toEqual([])
    const universal = findModel('AM-600')!
    expect(universal.configurableInputs.map((input) => [input.field, input.group, input.inputTypes])).toEqual(
      [
        ['DI_USR_1', 'digital_12', [0, 1, 2]],
        ['DI_USR_2', 'digital_12', [0, 1, 2]],
        ['DI_USR_3', 'digital_34', [0, 1, 2]],
        ['DI_USR_4', 'digital_34', [0, 1, 2]],
        ['ANALOG_USR_1', 'analog', [0, 1, 2, 3]],
        ['ANALOG_USR_2', 'analog', [0, 1, 2, 3]],
      ],
    )
  })

  it('has the spec properties', () => {
    expect(propertiesSchema(findModel('AM-100-101')!.properties).parse({})).toEqual({
      soil_type: 1,
      gps_loc: 1,
    })
    expect(propertiesSchema(findModel('AM-100-21')!.properties).parse({})).toEqual({ soil_type: 1 })
    expect(propertiesSchema(findModel('AM-200')!.properties).parse({})).toEqual({
      freeze_temp_hr100: null,
      freeze_temp_hr0: null,
    })
    expect(propertiesSchema(findModel('AM-999')!.properties).parse({})).toEqual({
      soil: 0,
      temperature_correction: 0,
      humidity_correction: 0,
      ec_correction: 0,
    })
    const scales = propertiesSchema(findModel('AM-301')!.properties)
    expect(Object.values(scales.parse({}))).toEqual([0, 0, 0, 0, 0])
    expect(scales.safeParse({ pause_cycles: -1 }).success).toBe(false)
  })

  it('has the spec ranges for soil probe fields', () => {
    const trio = findModel('AM-100-103')!
    expect(findInput(trio, 'HUMIDITY_2')).toMatchObject({ min: 0, max: 100 })
    expect(findInput(trio, 'ECW_3')).toMatchObject({ min: 0, max: 5, decimals: 2 })
    expect(findInput(trio, 'MCI_1')).toMatchObject({ min: 0, max: 3 })
  })
})

/** Defaults parse, every bound refuses a value beyond it, every choice list is non-empty and holds its default. */
function expectValidDefinitions(definitions: readonly PropertyDefinition[]) {
  const schema = propertiesSchema(definitions)
  const names = definitions.map((definition) => definition.name)
  expect(new Set(names).size).toBe(names.length)
  expect(schema.parse({})).toEqual(Object.fromEntries(definitions.map((d) => [d.name, d.default])))
  for (const definition of definitions) {
    const refuses = (value: unknown) =>
      expect(schema.safeParse({ [definition.name]: value }).success, definition.name).toBe(false)
    if (definition.kind === 'choice') {
      expect(definition.choices.length, definition.name).toBeGreaterThan(0)
      expect(definition.choices, definition.name).toContain(definition.default)
      refuses(Math.max(...definition.choices) + 1)
    }
    if (definition.kind === 'number') {
      if (definition.min !== undefined && definition.max !== undefined)
        expect(definition.min, definition.name).toBeLessThan(definition.max)
      if (definition.min !== undefined) refuses(definition.min - 1)
      if (definition.max !== undefined) refuses(definition.max + 1)
    }
    if (definition.kind === 'text') refuses('x'.repeat(definition.maxLength + 1))
  }
}

describe('demo farm', () => {
  const modules = demoFarm.modules

  it('uses only catalogue models, with valid serials and PINs', () => {
    for (const module of modules) {
      expect(findModel(module.model), module.serial).toBeDefined()
      expect(fleetModuleSchema.safeParse(module).success, module.serial).toBe(true)
    }
  })

  it('has unique serials', () => {
    expect(new Set(modules.map((module) => module.serial)).size).toBe(modules.length)
  })

  it('relays modules only through base stations on the farm', () => {
    for (const module of modules) {
      if (!('baseStation' in module)) continue
      const station = modules.find((candidate) => candidate.serial === module.baseStation)
      expect(station, module.serial).toBeDefined()
      expect(findModel(station!.model)?.isBaseStation).toBe(true)
    }
  })
})
