import { describe, expect, it } from 'vitest'
import { demoFarm } from '../demo/demo-farm'
import { fleetModuleSchema } from '../fleet/fleet-module'
import { catalogue, findInput, findModel, modelCodes } from './catalogue'
import { outputTypes } from './types'

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

  it('has the spec ranges for soil probe fields', () => {
    const trio = findModel('AM-100-103')!
    expect(findInput(trio, 'HUMIDITY_2')).toMatchObject({ min: 0, max: 100 })
    expect(findInput(trio, 'ECW_3')).toMatchObject({ min: 0, max: 5, decimals: 2 })
    expect(findInput(trio, 'MCI_1')).toMatchObject({ min: 0, max: 3 })
  })
})

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
