import { describe, expect, it } from 'vitest'
import { type ElementFacts, resolveElements } from './element-resolution'
import type { ScheduleDefinition } from './schedule'

type Elements = ScheduleDefinition['elements']
const irrigation = 1
const control = 4

/** An account with water source 7 (clean output 70, fertigation output 71) and 8 (clean output 80). */
const farm = (overrides: Partial<ElementFacts> = {}): ElementFacts => ({
  sections: [{ id: 1, id_water_source: 7 }],
  groups: [
    { id: 10, scope: 'outputs' },
    { id: 11, scope: 'objects' },
    { id: 12, scope: 'outputs' },
  ],
  sectionOutputs: [
    { id_section: 1, id_output: 102 },
    { id_section: 1, id_output: 101 },
  ],
  groupOutputs: [
    { id_group: 10, id_output: 101 },
    { id_group: 10, id_output: 103 },
  ],
  outputs: [
    { id: 101, kind: 'output', type: 'irr', id_water_source: null },
    { id: 102, kind: 'output', type: 'irr', id_water_source: null },
    { id: 103, kind: 'output', type: 'irr', id_water_source: 7 },
    { id: 104, kind: 'output', type: 'light', id_water_source: null },
    { id: 105, kind: 'input', type: 'irr', id_water_source: null },
    { id: 106, kind: 'output', type: 'irr', id_water_source: 8 },
  ],
  sectionSources: [
    { id_output: 101, id_water_source: 7 },
    { id_output: 102, id_water_source: 7 },
  ],
  waterSourceOutputs: [
    { id_water_source: 7, id_output: 71, fertigation: true },
    { id_water_source: 7, id_output: 70, fertigation: false },
    { id_water_source: 8, id_output: 80, fertigation: false },
  ],
  ...overrides,
})

const source7 = { id: 7, clean: [70], fertigation: [71] }

const refusal = (type: number, elements: Elements, facts = farm()) => {
  const result = resolveElements(type, elements, facts)
  return result.ok ? null : result.refusal
}

describe('resolveElements', () => {
  it("gives a section its groups' outputs, sorted, and its water source's clean and fertigation outputs", () => {
    expect(resolveElements(irrigation, [{ kind: 'section', id: 1, percent: 100 }], farm())).toEqual({
      ok: true,
      elements: [{ element_index: 0, outputs: [101, 102], water_source: source7 }],
    })
  })

  it('gives an output without a source of its own the source of a section holding it', () => {
    expect(
      resolveElements(
        irrigation,
        [
          { kind: 'output', id: 101, percent: 100 },
          { kind: 'group', id: 10, percent: 50 },
        ],
        farm(),
      ),
    ).toEqual({
      ok: true,
      elements: [
        { element_index: 0, outputs: [101], water_source: source7 },
        { element_index: 1, outputs: [101, 103], water_source: source7 },
      ],
    })
  })

  it('refuses an id the account does not have with element_not_found on that element', () => {
    expect(
      refusal(irrigation, [
        { kind: 'output', id: 101, percent: 100 },
        { kind: 'section', id: 99, percent: 100 },
      ]),
    ).toEqual({
      code: 'element_not_found',
      index: 1,
      message: 'errors.element_not_found',
    })
    expect(refusal(irrigation, [{ kind: 'group', id: 98, percent: 100 }])?.code).toBe('element_not_found')
  })

  it('refuses a group of modules, an empty group and an input', () => {
    expect(refusal(irrigation, [{ kind: 'group', id: 11, percent: 100 }])).toEqual({
      code: 'validation_failed',
      index: 0,
      message: 'errors.choice_invalid',
    })
    expect(refusal(irrigation, [{ kind: 'group', id: 12, percent: 100 }])?.code).toBe('schedule_empty_group')
    expect(refusal(control, [{ kind: 'output', id: 105, percent: 100 }])?.message).toBe(
      'errors.choice_invalid',
    )
  })

  it('refuses a non-irrigating output in an irrigation schedule, and opens it with no water source in a control one', () => {
    expect(refusal(irrigation, [{ kind: 'output', id: 104, percent: 100 }])?.code).toBe(
      'schedule_not_irrigating',
    )
    expect(
      resolveElements(
        control,
        [
          { kind: 'output', id: 104, percent: 100 },
          { kind: 'output', id: 103, percent: 100 },
        ],
        farm(),
      ),
    ).toEqual({
      ok: true,
      elements: [
        { element_index: 0, outputs: [104], water_source: null },
        { element_index: 1, outputs: [103], water_source: null },
      ],
    })
  })

  it('refuses elements drawing from different water sources at the first one that differs', () => {
    expect(
      refusal(irrigation, [
        { kind: 'output', id: 103, percent: 100 },
        { kind: 'output', id: 102, percent: 100 },
        { kind: 'output', id: 106, percent: 100 },
      ]),
    ).toEqual({
      code: 'schedule_different_water_sources',
      index: 2,
      message: 'errors.schedule_different_water_sources',
    })
  })

  it('leaves an element without any water source without one, beside one that has it', () => {
    const facts = farm({ sectionSources: [] })
    expect(
      resolveElements(
        irrigation,
        [
          { kind: 'output', id: 101, percent: 100 },
          { kind: 'output', id: 103, percent: 100 },
        ],
        facts,
      ),
    ).toEqual({
      ok: true,
      elements: [
        { element_index: 0, outputs: [101], water_source: null },
        { element_index: 1, outputs: [103], water_source: source7 },
      ],
    })
  })
})
