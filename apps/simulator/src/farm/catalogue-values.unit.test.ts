import { findModel } from '@kropla/domain'
import { describe, expect, it } from 'vitest'
import { toCatalogueValues } from './catalogue-values'

const valvo = findModel('AM-411')!

describe('catalogue values', () => {
  it('rounds to the field decimals and holds numbers inside the field range', () => {
    const values = toCatalogueValues(valvo, {
      o1: true,
      o2: false,
      o3: null,
      o4: false,
      sigstr: 104.6,
      comm: 1,
    })
    expect(values).toEqual({ o1: true, o2: false, o3: null, o4: false, sigstr: 100, comm: 1 })
    const enviro = findModel('AM-200')!
    const raw = Object.fromEntries(enviro.inputs.map((input) => [input.name, 1.23456]))
    const shaped = toCatalogueValues(enviro, { ...raw, VPD_1: -0.004 })
    expect(shaped.TEMP_1).toBe(1.2)
    expect(shaped.HD_1).toBe(1.23)
    expect(Object.is(shaped.VPD_1, 0)).toBe(true)
  })

  it('refuses a reading set missing a catalogue field or carrying an unknown one', () => {
    expect(() => toCatalogueValues(valvo, { o1: true, o2: false, o3: false, o4: false, sigstr: 70 })).toThrow(
      /missing: comm/,
    )
    expect(() =>
      toCatalogueValues(valvo, { o1: true, o2: false, o3: false, o4: false, sigstr: 70, comm: 1, o5: true }),
    ).toThrow(/unknown: o5/)
  })
})
