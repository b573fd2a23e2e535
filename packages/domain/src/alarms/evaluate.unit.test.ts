import { describe, expect, it } from 'vitest'
import { findModel } from '../catalogue/catalogue'
import type { DeviceModel } from '../catalogue/types'
import {
  type AlarmDecision,
  type AlarmRule,
  alarmRulesFor,
  evaluateReadings,
  hysteresisBand,
  isDataOverdue,
  noDataAlarmName,
} from './evaluate'

const model = (code: string): DeviceModel => {
  const found = findModel(code)
  if (!found) throw new Error(`no model ${code}`)
  return found
}
const probe = model('AM-100-101')
const at = (second: number) => new Date(Date.UTC(2026, 5, 1, 12, 0, second))

describe('the thresholds of a module', () => {
  it.each([
    {
      what: 'a soil probe with no configuration: battery and signal defaults',
      code: 'AM-100-101',
      config: {},
      names: { battvol_lt: 3.1, sigstr_lt: 25 },
    },
    {
      what: 'the base station: battery and GSM defaults (it has no sigstr)',
      code: 'AGB-2000',
      config: {},
      names: { battvol_lt: 3.1, gsmstr_lt: 25 },
    },
    {
      what: 'active configured thresholds join the defaults; inactive ones do not',
      code: 'AM-100-101',
      config: {
        alarms: { HUMIDITY_1_lt: { active: true, value: 20 }, TEMP_1_gt: { active: false, value: 30 } },
      },
      names: { HUMIDITY_1_lt: 20, battvol_lt: 3.1, sigstr_lt: 25 },
    },
    {
      what: 'an entry of a default name overrides it, an inactive one switches it off',
      code: 'AM-100-101',
      config: {
        alarms: { battvol_lt: { active: true, value: 3.4 }, sigstr_lt: { active: false, value: 25 } },
      },
      names: { battvol_lt: 3.4 },
    },
    {
      what: 'a configuration that does not parse counts as none',
      code: 'AM-100-101',
      config: { alarms: { HUMIDITY_1_lt: { active: 'yes' } } },
      names: { battvol_lt: 3.1, sigstr_lt: 25 },
    },
    {
      what: 'a threshold on a field the model lacks is ignored',
      code: 'AM-100-101',
      config: { alarms: { HUMIDITY_9_lt: { active: true, value: 20 } } },
      names: { battvol_lt: 3.1, sigstr_lt: 25 },
    },
  ])('$what', ({ code, config, names }) => {
    const rules = alarmRulesFor(model(code), config)
    expect(Object.fromEntries(rules.map((rule) => [rule.name, rule.threshold]))).toEqual(names)
  })

  it.each([
    { field: 'HUMIDITY_1', threshold: 20, band: 1 },
    { field: 'TEMP_1', threshold: 30, band: 1.2 },
    { field: 'ECW_1', threshold: 2, band: 0.05 },
    { field: 'battvol', threshold: 3.1, band: 0.15 },
    { field: 'sigstr', threshold: 25, band: 1 },
  ])('$field clears $band past its threshold (1 % of the range, at least one display step)', (row) => {
    expect(
      hysteresisBand(
        probe.inputs.find((input) => input.name === row.field),
        row.threshold,
      ),
    ).toBe(row.band)
  })

  it('a field without a range takes 1 % of the threshold, at least one step', () => {
    expect(hysteresisBand({ name: 'x', unit: '', decimals: 0, kind: 'number' }, 500)).toBe(5)
    expect(hysteresisBand({ name: 'x', unit: '', decimals: 1, kind: 'number' }, 2)).toBe(0.1)
  })
})

const moistureLow: AlarmRule = {
  name: 'HUMIDITY_1_lt',
  field: 'HUMIDITY_1',
  comparator: 'lt',
  threshold: 20,
  band: 1,
}
const heat: AlarmRule = { name: 'TEMP_1_gt', field: 'TEMP_1', comparator: 'gt', threshold: 30, band: 1.2 }
const rules = [moistureLow, heat]

const summary = (decisions: AlarmDecision[]) =>
  decisions.map((decision) =>
    decision.kind === 'raise' ? `raise ${decision.rule.name}` : `clear ${decision.name}`,
  )

describe('new readings against the thresholds', () => {
  it.each([
    {
      what: 'below a lower-than threshold raises',
      active: [],
      values: { HUMIDITY_1: 19.9 },
      expected: ['raise HUMIDITY_1_lt'],
    },
    {
      what: 'at the threshold raises nothing (lower-than is strict)',
      active: [],
      values: { HUMIDITY_1: 20 },
      expected: [],
    },
    {
      what: 'above a higher-than threshold raises',
      active: [],
      values: { TEMP_1: 30.1 },
      expected: ['raise TEMP_1_gt'],
    },
    {
      what: 'a raised alarm is not raised again',
      active: ['HUMIDITY_1_lt'],
      values: { HUMIDITY_1: 15 },
      expected: [],
    },
    {
      what: 'back at the threshold keeps it (inside the band)',
      active: ['HUMIDITY_1_lt'],
      values: { HUMIDITY_1: 20.5 },
      expected: [],
    },
    {
      what: 'just short of threshold + band keeps it',
      active: ['HUMIDITY_1_lt'],
      values: { HUMIDITY_1: 20.9 },
      expected: [],
    },
    {
      what: 'threshold + band clears it',
      active: ['HUMIDITY_1_lt'],
      values: { HUMIDITY_1: 21 },
      expected: ['clear HUMIDITY_1_lt'],
    },
    {
      what: 'higher-than: back below threshold but inside the band keeps it',
      active: ['TEMP_1_gt'],
      values: { TEMP_1: 29.5 },
      expected: [],
    },
    {
      what: 'higher-than: threshold - band clears it',
      active: ['TEMP_1_gt'],
      values: { TEMP_1: 28.8 },
      expected: ['clear TEMP_1_gt'],
    },
    {
      what: 'a missing value decides nothing',
      active: ['HUMIDITY_1_lt'],
      values: { HUMIDITY_1: null },
      expected: [],
    },
    {
      what: 'readings of other fields leave a rule alone',
      active: ['HUMIDITY_1_lt'],
      values: { ECW_1: 1 },
      expected: [],
    },
    {
      what: 'any reading clears no-data',
      active: [noDataAlarmName],
      values: { ECW_1: 1 },
      expected: ['clear no_data'],
    },
    {
      what: 'an alarm whose threshold is gone clears',
      active: ['ECW_1_gt'],
      values: { ECW_1: 4 },
      expected: ['clear ECW_1_gt'],
    },
  ])('$what', ({ active, values, expected }) => {
    const readings = Object.entries(values).map(([field, value]) => ({ field, value, ts: at(0) }))
    expect(summary(evaluateReadings(rules, new Set(active), readings))).toEqual(expected)
  })

  it('only the newest reading of a field counts, whatever the order', () => {
    const readings = [
      { field: 'HUMIDITY_1', value: 25, ts: at(30) },
      { field: 'HUMIDITY_1', value: 10, ts: at(10) },
    ]
    expect(evaluateReadings(rules, new Set(), readings)).toEqual([])
    const decisions = evaluateReadings(rules, new Set(['HUMIDITY_1_lt']), readings)
    expect(decisions).toEqual([{ kind: 'clear', name: 'HUMIDITY_1_lt', value: 25, at: at(30) }])
  })

  it('a value hovering at the threshold opens one alarm and never flaps', () => {
    const active = new Set<string>()
    const changes: string[] = []
    for (const [second, value] of [21, 19.9, 20.1, 19.8, 20.4, 19.95, 20.9, 20.2, 21.5].entries()) {
      for (const decision of evaluateReadings(rules, active, [
        { field: 'HUMIDITY_1', value, ts: at(second) },
      ])) {
        if (decision.kind === 'raise') active.add(decision.rule.name)
        else active.delete(decision.name)
        changes.push(`${summary([decision])[0]} at ${value}`)
      }
    }
    expect(changes).toEqual(['raise HUMIDITY_1_lt at 19.9', 'clear HUMIDITY_1_lt at 21.5'])
  })

  it('a raise carries the reading and its time', () => {
    const [decision] = evaluateReadings(rules, new Set(), [{ field: 'TEMP_1', value: 33, ts: at(5) }])
    expect(decision).toEqual({ kind: 'raise', rule: heat, value: 33, at: at(5) })
  })
})

describe('no data', () => {
  const last = new Date('2026-06-01T12:00:00Z')
  it.each([
    { minutes: 14, overdue: false },
    { minutes: 15, overdue: false },
    { minutes: 15.01, overdue: true },
    { minutes: 60, overdue: true },
  ])('$minutes minutes after the last data: overdue $overdue', ({ minutes, overdue }) => {
    expect(isDataOverdue(last, new Date(last.getTime() + minutes * 60_000))).toBe(overdue)
  })

  it('a module that never sent data is not judged', () => {
    expect(isDataOverdue(null, new Date())).toBe(false)
  })
})
