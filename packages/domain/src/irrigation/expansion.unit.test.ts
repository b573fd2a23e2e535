import { describe, expect, it } from 'vitest'
import { type ExpandableSchedule, expandSchedule, type NominalRun, type ResolvedElement } from './expansion'
import type { Fertigation, ScheduleDefinition, ScheduleRule } from './schedule'

const WARSAW = 'Europe/Warsaw'
const utc = (iso: string) => new Date(iso)

const definition = (overrides: Partial<ScheduleDefinition> = {}): ScheduleDefinition => ({
  rule: { kind: 'every_n_days', n: 1 },
  cycle_minutes: 20,
  starts: { kind: 'every', start_time: '06:00', count: 1, every_minutes: 60 },
  elements: [{ kind: 'output', id: 1, percent: 100 }],
  fertigation: { kind: 'none' },
  conditions: [],
  ...overrides,
})

const outputElement = (element_index: number, ...outputs: number[]): ResolvedElement => ({
  element_index,
  outputs,
  water_source: null,
})

const schedule = (overrides: Partial<ExpandableSchedule> = {}): ExpandableSchedule => ({
  id: 7,
  type: 1,
  priority: 0,
  begin_date: '2026-01-01',
  expiration_date: null,
  time_zone: WARSAW,
  paused_from: null,
  paused_until: null,
  ended_at: null,
  definition: definition(),
  elements: [outputElement(0, 11)],
  ...overrides,
})

const starts = (runs: NominalRun[]) => runs.map((run) => run.planned_at.toISOString())
const summary = (runs: NominalRun[]) =>
  runs.map((run) => ({
    output: run.id_output,
    role: run.role,
    at: run.planned_at.toISOString(),
    minutes: run.duration,
    cycle: run.cycle,
  }))

describe('expandSchedule: which days', () => {
  it.each([
    {
      name: 'weekdays Monday and Wednesday (2026-06-01 is a Monday), 06:00 CEST',
      rule: { kind: 'weekdays', days: [1, 3] } satisfies ScheduleRule,
      begin: '2026-01-01',
      from: '2026-05-31T22:00:00Z',
      to: '2026-06-14T22:00:00Z',
      expected: [
        '2026-06-01T04:00:00.000Z',
        '2026-06-03T04:00:00.000Z',
        '2026-06-08T04:00:00.000Z',
        '2026-06-10T04:00:00.000Z',
      ],
    },
    {
      name: 'Sunday is ISO weekday 7',
      rule: { kind: 'weekdays', days: [7] } satisfies ScheduleRule,
      begin: '2026-01-01',
      from: '2026-06-01T00:00:00Z',
      to: '2026-06-15T00:00:00Z',
      expected: ['2026-06-07T04:00:00.000Z', '2026-06-14T04:00:00.000Z'],
    },
    {
      name: 'every 2 days counted from the begin date, across the end of January and of February',
      rule: { kind: 'every_n_days', n: 2 } satisfies ScheduleRule,
      begin: '2026-01-29',
      from: '2026-01-25T00:00:00Z',
      to: '2026-03-04T00:00:00Z',
      expected: [
        '2026-01-29T05:00:00.000Z',
        '2026-01-31T05:00:00.000Z',
        '2026-02-02T05:00:00.000Z',
        '2026-02-04T05:00:00.000Z',
        '2026-02-06T05:00:00.000Z',
        '2026-02-08T05:00:00.000Z',
        '2026-02-10T05:00:00.000Z',
        '2026-02-12T05:00:00.000Z',
        '2026-02-14T05:00:00.000Z',
        '2026-02-16T05:00:00.000Z',
        '2026-02-18T05:00:00.000Z',
        '2026-02-20T05:00:00.000Z',
        '2026-02-22T05:00:00.000Z',
        '2026-02-24T05:00:00.000Z',
        '2026-02-26T05:00:00.000Z',
        // February 2026 has 28 days.
        '2026-02-28T05:00:00.000Z',
        '2026-03-02T05:00:00.000Z',
      ],
    },
    {
      name: 'every 3 days keeps counting from the begin date when the window starts later',
      rule: { kind: 'every_n_days', n: 3 } satisfies ScheduleRule,
      begin: '2026-06-01',
      from: '2026-06-05T00:00:00Z',
      to: '2026-06-11T00:00:00Z',
      expected: ['2026-06-07T04:00:00.000Z', '2026-06-10T04:00:00.000Z'],
    },
  ])('$name', ({ rule, begin, from, to, expected }) => {
    const runs = expandSchedule(schedule({ begin_date: begin, definition: definition({ rule }) }), {
      from: utc(from),
      to: utc(to),
    })
    expect(starts(runs)).toEqual(expected)
  })

  it('begin and expiration dates are inclusive calendar days of the schedule zone', () => {
    // 00:30 in Warsaw is the evening before in UTC: the days are still the zone's days.
    const runs = expandSchedule(
      schedule({
        begin_date: '2026-06-10',
        expiration_date: '2026-06-12',
        definition: definition({
          starts: { kind: 'every', start_time: '00:30', count: 1, every_minutes: 60 },
        }),
      }),
      { from: utc('2026-06-01T00:00:00Z'), to: utc('2026-06-20T00:00:00Z') },
    )
    expect(starts(runs)).toEqual([
      '2026-06-09T22:30:00.000Z',
      '2026-06-10T22:30:00.000Z',
      '2026-06-11T22:30:00.000Z',
    ])
    expect(runs.map((run) => run.chain)).toEqual(['7/2026-06-10/1', '7/2026-06-11/1', '7/2026-06-12/1'])
  })

  it('counts days in another zone the same way', () => {
    const runs = expandSchedule(
      schedule({ time_zone: 'America/New_York', begin_date: '2026-06-10', expiration_date: '2026-06-10' }),
      { from: utc('2026-06-01T00:00:00Z'), to: utc('2026-06-20T00:00:00Z') },
    )
    expect(starts(runs)).toEqual(['2026-06-10T10:00:00.000Z'])
  })
})

describe('expandSchedule: daylight-saving changes in Europe/Warsaw', () => {
  const daily = (start_time: string, count = 1, every_minutes = 60) =>
    schedule({ definition: definition({ starts: { kind: 'every', start_time, count, every_minutes } }) })

  it('a 06:00 start stays 06:00 local across the spring change (29 March 2026)', () => {
    const runs = expandSchedule(daily('06:00'), {
      from: utc('2026-03-27T12:00:00Z'),
      to: utc('2026-03-31T00:00:00Z'),
    })
    // 06:00 CET = 05:00 UTC before, 06:00 CEST = 04:00 UTC after.
    expect(starts(runs)).toEqual([
      '2026-03-28T05:00:00.000Z',
      '2026-03-29T04:00:00.000Z',
      '2026-03-30T04:00:00.000Z',
    ])
  })

  it('a 06:00 start stays 06:00 local across the autumn change (25 October 2026)', () => {
    const runs = expandSchedule(daily('06:00'), {
      from: utc('2026-10-23T12:00:00Z'),
      to: utc('2026-10-27T00:00:00Z'),
    })
    expect(starts(runs)).toEqual([
      '2026-10-24T04:00:00.000Z',
      '2026-10-25T05:00:00.000Z',
      '2026-10-26T05:00:00.000Z',
    ])
  })

  it('a start inside the skipped hour (02:30 on the spring-forward day) happens at 03:30 CEST', () => {
    const runs = expandSchedule(daily('02:30'), {
      from: utc('2026-03-28T00:00:00Z'),
      to: utc('2026-03-30T12:00:00Z'),
    })
    // 28th: 02:30 CET = 01:30 UTC; 29th: no 02:30 exists, 03:30 CEST = 01:30 UTC; 30th: 02:30 CEST = 00:30 UTC.
    expect(starts(runs)).toEqual([
      '2026-03-28T01:30:00.000Z',
      '2026-03-29T01:30:00.000Z',
      '2026-03-30T00:30:00.000Z',
    ])
  })

  it('a start inside the repeated autumn hour happens at its first occurrence (CEST)', () => {
    const runs = expandSchedule(daily('02:30'), {
      from: utc('2026-10-25T00:00:00Z'),
      to: utc('2026-10-25T12:00:00Z'),
    })
    expect(starts(runs)).toEqual(['2026-10-25T00:30:00.000Z'])
  })

  it('cycles after the first keep their real spacing through the change', () => {
    // 01:00 CET, then every 60 minutes of real time: 03:00 CEST, 04:00 CEST.
    const runs = expandSchedule(daily('01:00', 3, 60), {
      from: utc('2026-03-28T12:00:00Z'),
      to: utc('2026-03-29T12:00:00Z'),
    })
    expect(starts(runs)).toEqual([
      '2026-03-29T00:00:00.000Z',
      '2026-03-29T01:00:00.000Z',
      '2026-03-29T02:00:00.000Z',
    ])
  })

  it('explicit hours are each a wall-clock time', () => {
    const runs = expandSchedule(
      schedule({ definition: definition({ starts: { kind: 'hours', times: ['04:00', '01:00'] } }) }),
      { from: utc('2026-03-28T12:00:00Z'), to: utc('2026-03-29T12:00:00Z') },
    )
    expect(summary(runs).map(({ at, cycle }) => ({ at, cycle }))).toEqual([
      { at: '2026-03-29T00:00:00.000Z', cycle: 1 },
      { at: '2026-03-29T02:00:00.000Z', cycle: 2 },
    ])
  })
})

describe('expandSchedule: cycles and layouts', () => {
  const window = { from: utc('2026-06-10T00:00:00Z'), to: utc('2026-06-11T00:00:00Z') }
  const threeElements = [
    { kind: 'output' as const, id: 1, percent: 100 },
    { kind: 'output' as const, id: 2, percent: 50 },
    { kind: 'output' as const, id: 3, percent: 0 },
  ]
  const resolvedThree = [outputElement(0, 11), outputElement(1, 12), outputElement(2, 13)]

  it('sequential: elements back to back at their slider share of the cycle; 0 % is skipped', () => {
    const runs = expandSchedule(
      schedule({
        begin_date: '2026-06-10',
        definition: definition({ elements: threeElements }),
        elements: resolvedThree,
      }),
      window,
    )
    expect(summary(runs)).toEqual([
      { output: 11, role: 'element', at: '2026-06-10T04:00:00.000Z', minutes: 20, cycle: 1 },
      { output: 12, role: 'element', at: '2026-06-10T04:20:00.000Z', minutes: 10, cycle: 1 },
    ])
    expect(new Set(runs.map((run) => run.chain))).toEqual(new Set(['7/2026-06-10/1']))
  })

  it('simultaneous: every element opens at the cycle start', () => {
    const runs = expandSchedule(
      schedule({ type: 2, definition: definition({ elements: threeElements }), elements: resolvedThree }),
      window,
    )
    expect(summary(runs)).toEqual([
      { output: 11, role: 'element', at: '2026-06-10T04:00:00.000Z', minutes: 20, cycle: 1 },
      { output: 12, role: 'element', at: '2026-06-10T04:00:00.000Z', minutes: 10, cycle: 1 },
    ])
  })

  it('every section output opens for its element', () => {
    const runs = expandSchedule(schedule({ elements: [outputElement(0, 11, 12, 13)] }), window)
    expect(runs.map((run) => [run.id_output, run.element_index])).toEqual([
      [11, 0],
      [12, 0],
      [13, 0],
    ])
  })

  it('every N minutes counts from cycle start to cycle start', () => {
    const runs = expandSchedule(
      schedule({
        definition: definition({
          elements: threeElements,
          starts: { kind: 'every', start_time: '06:00', count: 3, every_minutes: 45 },
        }),
        elements: resolvedThree,
      }),
      window,
    )
    expect(
      runs.filter((run) => run.id_output === 11).map((run) => [run.planned_at.toISOString(), run.cycle]),
    ).toEqual([
      ['2026-06-10T04:00:00.000Z', 1],
      ['2026-06-10T04:45:00.000Z', 2],
      ['2026-06-10T05:30:00.000Z', 3],
    ])
  })

  it('interval: the next cycle starts every_minutes after the previous cycle ended', () => {
    const runs = expandSchedule(
      schedule({
        type: 3,
        definition: definition({
          elements: threeElements,
          starts: { kind: 'every', start_time: '06:00', count: 3, every_minutes: 15 },
        }),
        elements: resolvedThree,
      }),
      window,
    )
    // Each cycle lasts 20 + 10 minutes, then 15 minutes of rest.
    expect(runs.filter((run) => run.id_output === 11).map((run) => run.planned_at.toISOString())).toEqual([
      '2026-06-10T04:00:00.000Z',
      '2026-06-10T04:45:00.000Z',
      '2026-06-10T05:30:00.000Z',
    ])
    expect(runs.filter((run) => run.id_output === 12).map((run) => run.planned_at.toISOString())).toEqual([
      '2026-06-10T04:20:00.000Z',
      '2026-06-10T05:05:00.000Z',
      '2026-06-10T05:50:00.000Z',
    ])
  })

  it('explicit cycle hours are numbered in time order', () => {
    const runs = expandSchedule(
      schedule({ definition: definition({ starts: { kind: 'hours', times: ['18:00', '06:15'] } }) }),
      window,
    )
    expect(summary(runs).map(({ at, cycle }) => ({ at, cycle }))).toEqual([
      { at: '2026-06-10T04:15:00.000Z', cycle: 1 },
      { at: '2026-06-10T16:00:00.000Z', cycle: 2 },
    ])
  })

  it('a cycle crossing midnight belongs to the day it starts, also on the expiration day', () => {
    const crossing = schedule({
      begin_date: '2026-06-10',
      expiration_date: '2026-06-10',
      definition: definition({
        cycle_minutes: 60,
        elements: [
          { kind: 'output', id: 1, percent: 100 },
          { kind: 'output', id: 2, percent: 100 },
        ],
        starts: { kind: 'every', start_time: '23:30', count: 2, every_minutes: 150 },
      }),
      elements: [outputElement(0, 11), outputElement(1, 12)],
    })
    const all = expandSchedule(crossing, {
      from: utc('2026-06-01T00:00:00Z'),
      to: utc('2026-06-20T00:00:00Z'),
    })
    expect(summary(all)).toEqual([
      { output: 11, role: 'element', at: '2026-06-10T21:30:00.000Z', minutes: 60, cycle: 1 },
      { output: 12, role: 'element', at: '2026-06-10T22:30:00.000Z', minutes: 60, cycle: 1 },
      { output: 11, role: 'element', at: '2026-06-11T00:00:00.000Z', minutes: 60, cycle: 2 },
      { output: 12, role: 'element', at: '2026-06-11T01:00:00.000Z', minutes: 60, cycle: 2 },
    ])
    expect(new Set(all.map((run) => run.chain))).toEqual(new Set(['7/2026-06-10/1', '7/2026-06-10/2']))
    // A window opening after local midnight still finds the previous day's late runs.
    const afterMidnight = expandSchedule(crossing, {
      from: utc('2026-06-10T22:00:00Z'),
      to: utc('2026-06-11T22:00:00Z'),
    })
    expect(starts(afterMidnight)).toEqual([
      '2026-06-10T22:30:00.000Z',
      '2026-06-11T00:00:00.000Z',
      '2026-06-11T01:00:00.000Z',
    ])
  })
})

describe('expandSchedule: the window, pauses and the end', () => {
  const twoElements = definition({
    elements: [
      { kind: 'output', id: 1, percent: 100 },
      { kind: 'output', id: 2, percent: 100 },
    ],
  })
  const sourced = (type = 1): ExpandableSchedule =>
    schedule({
      type,
      begin_date: '2026-06-10',
      definition: twoElements,
      elements: [0, 1].map((element_index) => ({
        element_index,
        outputs: [11 + element_index],
        water_source: { id: 3, clean: [100], fertigation: [101] },
      })),
    })

  it('the window is [from, to): a run starting at `to` is left for the next window', () => {
    const runs = expandSchedule(schedule(), {
      from: utc('2026-06-10T04:00:00Z'),
      to: utc('2026-06-11T04:00:00Z'),
    })
    expect(starts(runs)).toEqual(['2026-06-10T04:00:00.000Z'])
  })

  it('runs already started before `from` are left out, with the water source of their cycle', () => {
    const runs = expandSchedule(sourced(), {
      from: utc('2026-06-10T04:10:00Z'),
      to: utc('2026-06-10T12:00:00Z'),
    })
    expect(summary(runs)).toEqual([
      { output: 12, role: 'element', at: '2026-06-10T04:20:00.000Z', minutes: 20, cycle: 1 },
    ])
  })

  it.each([
    {
      name: 'a pause with an end leaves out the runs starting inside it',
      pause: { paused_from: utc('2026-06-11T00:00:00Z'), paused_until: utc('2026-06-12T04:00:00Z') },
      expected: ['2026-06-10T04:00:00.000Z', '2026-06-12T04:00:00.000Z', '2026-06-13T04:00:00.000Z'],
    },
    {
      name: 'a pause without an end leaves out everything after its start',
      pause: { paused_from: utc('2026-06-11T00:00:00Z'), paused_until: null },
      expected: ['2026-06-10T04:00:00.000Z'],
    },
    {
      name: 'an ended schedule produces nothing from its end on',
      pause: { ended_at: utc('2026-06-12T04:00:00Z') },
      expected: ['2026-06-10T04:00:00.000Z', '2026-06-11T04:00:00.000Z'],
    },
  ])('$name', ({ pause, expected }) => {
    const runs = expandSchedule(schedule({ begin_date: '2026-06-10', ...pause }), {
      from: utc('2026-06-09T00:00:00Z'),
      to: utc('2026-06-14T00:00:00Z'),
    })
    expect(starts(runs)).toEqual(expected)
  })

  it('a pause starting within a cycle keeps the runs that started before it; the source spans only them', () => {
    const runs = expandSchedule(
      { ...sourced(), paused_from: utc('2026-06-10T04:20:00Z') },
      { from: utc('2026-06-10T00:00:00Z'), to: utc('2026-06-11T00:00:00Z') },
    )
    expect(summary(runs)).toEqual([
      { output: 100, role: 'clean_source', at: '2026-06-10T04:00:00.000Z', minutes: 20, cycle: 1 },
      { output: 11, role: 'element', at: '2026-06-10T04:00:00.000Z', minutes: 20, cycle: 1 },
    ])
  })

  it('an empty or reversed window gives nothing', () => {
    expect(
      expandSchedule(schedule(), { from: utc('2026-06-10T00:00:00Z'), to: utc('2026-06-10T00:00:00Z') }),
    ).toEqual([])
  })
})

describe('expandSchedule: water sources and fertigation', () => {
  const window = { from: utc('2026-06-10T00:00:00Z'), to: utc('2026-06-14T00:00:00Z') }
  const fourCycles = { kind: 'every' as const, start_time: '06:00', count: 4, every_minutes: 60 }
  const sourced = (overrides: Partial<ScheduleDefinition>, type = 1): ExpandableSchedule =>
    schedule({
      type,
      begin_date: '2026-06-10',
      definition: definition({
        elements: [
          { kind: 'section', id: 1, percent: 100 },
          { kind: 'section', id: 2, percent: 50 },
        ],
        ...overrides,
      }),
      elements: [0, 1].map((element_index) => ({
        element_index,
        outputs: [11 + element_index],
        water_source: { id: 3, clean: [100, 102], fertigation: [101] },
      })),
    })

  it('clean outputs open from the first to the last element run of the cycle; fertigation outputs for fertigated runs', () => {
    const runs = expandSchedule(sourced({ fertigation: { kind: 'cycles', cycles: [1] } }), {
      from: utc('2026-06-10T00:00:00Z'),
      to: utc('2026-06-11T00:00:00Z'),
    })
    expect(
      runs.map((run) => [
        run.role,
        run.id_output,
        run.planned_at.toISOString(),
        run.duration,
        run.fertigation,
        run.id_water_source,
      ]),
    ).toEqual([
      ['clean_source', 100, '2026-06-10T04:00:00.000Z', 30, false, 3],
      ['clean_source', 102, '2026-06-10T04:00:00.000Z', 30, false, 3],
      ['fertigation_source', 101, '2026-06-10T04:00:00.000Z', 30, true, 3],
      ['element', 11, '2026-06-10T04:00:00.000Z', 20, true, 3],
      ['element', 12, '2026-06-10T04:20:00.000Z', 10, true, 3],
    ])
  })

  it('simultaneous: the clean output spans the longest element', () => {
    const runs = expandSchedule(sourced({}, 2), {
      from: utc('2026-06-10T00:00:00Z'),
      to: utc('2026-06-11T00:00:00Z'),
    })
    expect(summary(runs).filter((run) => run.role !== 'element')).toEqual([
      { output: 100, role: 'clean_source', at: '2026-06-10T04:00:00.000Z', minutes: 20, cycle: 1 },
      { output: 102, role: 'clean_source', at: '2026-06-10T04:00:00.000Z', minutes: 20, cycle: 1 },
    ])
  })

  it('control types drive outputs only: no water source runs, no fertigation', () => {
    const runs = expandSchedule(sourced({}, 4), {
      from: utc('2026-06-10T00:00:00Z'),
      to: utc('2026-06-11T00:00:00Z'),
    })
    expect(runs.map((run) => [run.role, run.id_output, run.id_water_source, run.fertigation])).toEqual([
      ['element', 11, null, false],
      ['element', 12, null, false],
    ])
  })

  it.each([
    { name: 'none', fertigation: { kind: 'none' } satisfies Fertigation, expected: [] },
    {
      name: 'every 2 days from the begin date: all cycles of the 10th and the 12th',
      fertigation: { kind: 'every_n_days', n: 2 } satisfies Fertigation,
      expected: ['10/1', '10/2', '10/3', '10/4', '12/1', '12/2', '12/3', '12/4'],
    },
    {
      name: 'every 2 cycles within the day, from cycle 1',
      fertigation: { kind: 'every_n_cycles', n: 2 } satisfies Fertigation,
      expected: ['10/1', '10/3', '11/1', '11/3', '12/1', '12/3', '13/1', '13/3'],
    },
    {
      name: 'given cycle numbers',
      fertigation: { kind: 'cycles', cycles: [2, 4] } satisfies Fertigation,
      expected: ['10/2', '10/4', '11/2', '11/4', '12/2', '12/4', '13/2', '13/4'],
    },
  ])('fertigation rule: $name', ({ fertigation, expected }) => {
    const runs = expandSchedule(sourced({ fertigation, starts: fourCycles }), window)
    const fertigated = runs.filter((run) => run.role === 'fertigation_source')
    expect(fertigated.map((run) => `${run.chain.slice(10, 12)}/${run.cycle}`)).toEqual(expected)
    const elementsFertigated = runs.filter((run) => run.role === 'element' && run.fertigation)
    expect(elementsFertigated).toHaveLength(expected.length * 2)
  })

  it('a fertigated cycle without fertigation outputs is not marked fertigated', () => {
    const withoutDosing = sourced({ fertigation: { kind: 'every_n_cycles', n: 1 } })
    withoutDosing.elements = withoutDosing.elements.map((element) => ({
      ...element,
      water_source: { id: 3, clean: [100], fertigation: [] },
    }))
    const runs = expandSchedule(withoutDosing, {
      from: utc('2026-06-10T00:00:00Z'),
      to: utc('2026-06-11T00:00:00Z'),
    })
    expect(runs.some((run) => run.fertigation)).toBe(false)
    expect(runs.filter((run) => run.role === 'clean_source')).toHaveLength(1)
  })
})
