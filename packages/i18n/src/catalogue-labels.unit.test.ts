import {
  catalogue,
  configurableInputProperties,
  equipmentKinds,
  equipmentTypeProperties,
  equipmentTypesByKind,
  inputLabelProperties,
  manualErrors,
  type PropertyDefinition,
  planErrors,
} from '@kropla/domain'
import { describe, expect, it } from 'vitest'
import { catalogues, flattenKeys } from './index'

/** Every name the device catalogue shows has a label in both languages (spec 02 sections 3.1-3.6). */

const models = [...catalogue.values()]
const properties: PropertyDefinition[] = [
  ...models.flatMap((model) => model.properties),
  ...Object.values(equipmentTypeProperties).flat(),
  ...configurableInputProperties,
  ...inputLabelProperties,
]
const dictionaryKeys = ['description', 'short', 'creation_title', 'group_assign_title', 'region_assign_title']

describe.each(['en', 'pl'] as const)('catalogue labels in %s', (lang) => {
  const keys = new Set(flattenKeys(catalogues[lang]))
  const missing = (wanted: string[]) => wanted.filter((key) => !keys.has(key))

  it('describe every model', () => {
    expect(
      missing(models.flatMap((model) => dictionaryKeys.map((key) => `models.${model.dictionaryKey}.${key}`))),
    ).toEqual([])
  })

  it('name every input of every model', () => {
    expect(missing(models.flatMap((model) => model.inputs.map((input) => `fields.${input.name}`)))).toEqual(
      [],
    )
  })

  it('label every property and each of its choices', () => {
    const wanted = properties.flatMap((property) => [
      `properties.${property.name}.label`,
      ...(property.kind === 'choice'
        ? property.choices.map((choice) => `properties.${property.name}.options.${choice}`)
        : []),
    ])
    expect(missing(wanted)).toEqual([])
  })

  it('name every input type of the universal module', () => {
    const wanted = models.flatMap((model) =>
      model.configurableInputs.flatMap((input) =>
        input.inputTypes.map((type) => `input_types.${input.group}.${type}`),
      ),
    )
    expect(wanted.length).toBeGreaterThan(0)
    expect(missing(wanted)).toEqual([])
  })

  it('name every equipment kind and type', () => {
    expect(missing(equipmentKinds.map((kind) => `equipment_kinds.${kind}`))).toEqual([])
    const types = equipmentKinds.flatMap((kind) => equipmentTypesByKind[kind])
    expect(missing(types.map((type) => `equipment_types.${type}`))).toEqual([])
  })

  it('list soil types 1-4 and plants 1-17', () => {
    expect(missing([1, 2, 3, 4].map((n) => `soil_types.${n}`))).toEqual([])
    expect(missing(Array.from({ length: 17 }, (_, index) => `plants.${index + 1}`))).toEqual([])
  })

  it('word every error code a stored row can hold (commands, manual openings, plans)', () => {
    const codes = [...Object.values(manualErrors), ...Object.values(planErrors)]
    expect(missing(codes.map((code) => `errors.${code}`))).toEqual([])
  })
})
