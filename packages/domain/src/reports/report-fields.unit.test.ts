import { describe, expect, it } from 'vitest'
import {
  comparePeriodFor,
  counterPulses,
  dailyAverage,
  deltaOf,
  deltaShown,
  epsilonOfMoisture,
  previousRange,
  roundTo,
  shiftBack,
  sigmaOf,
  summedAmount,
  toppWaterContent,
} from './report-calc'
import { levelOf, reportFieldsFor, reportTakesModule, seriesReportTypes } from './report-fields'
import { reportRequestSchema } from './report-request'
import { reportTypes } from './report-types'

const fieldsOf = (...args: Parameters<typeof reportFieldsFor>) =>
  reportFieldsFor(...args).map((info) => info.field)

describe('report look-ups (spec 02 section 9)', () => {
  it('covers every type but irrigation and schedule', () => {
    expect([...seriesReportTypes].sort()).toEqual(
      reportTypes.filter((type) => type !== 'irrigation' && type !== 'schedule').sort(),
    )
  })

  it('offers temperature on the spec’s nine models, every level of a probe', () => {
    for (const model of [
      'AM-100-101',
      'AM-100-21',
      'AM-100-051',
      'AM-100-22',
      'AM-200',
      'AGB-2000',
      'AM-999',
      'WG-100',
    ])
      expect(reportTakesModule('temperature', { model })).toBe(true)
    expect(fieldsOf('temperature', { model: 'AM-100-103' })).toEqual(['TEMP_1', 'TEMP_2', 'TEMP_3'])
    // Dew point and wet-bulb are their own reports.
    expect(fieldsOf('temperature', { model: 'AM-200' })).toEqual(['TEMP_1'])
    expect(reportTakesModule('temperature', { model: 'AM-600' })).toBe(false)
    expect(reportTakesModule('temperature', { model: 'NOPE' })).toBe(false)
  })

  it('offers the air quantities on AM-200 only, with the spec’s units and draws', () => {
    const air = { model: 'AM-200' }
    expect(reportFieldsFor('dew_point', air)).toMatchObject([
      { field: 'TEMP_DEW_1', suffix: '°C', draw: 'line' },
    ])
    expect(reportFieldsFor('wet_bulb_temperature', air)).toMatchObject([{ field: 'TEMP_WET_1' }])
    expect(reportFieldsFor('air_humidity_deficit', air)).toMatchObject([{ field: 'HD_1', suffix: 'g/m³' }])
    expect(reportFieldsFor('air_vapour_pressure_deficit', air)).toMatchObject([
      { field: 'VPD_1', suffix: 'kPa' },
    ])
    expect(reportFieldsFor('vpd_infection_risk', air)).toMatchObject([
      { field: 'VPD_INFECT_1', suffix: '', draw: 'area' },
    ])
    expect(reportFieldsFor('pwi', air)).toMatchObject([{ field: 'PWI_1', suffix: '%' }])
    for (const type of ['dew_point', 'pwi', 'vpd_infection_risk'] as const)
      expect(reportTakesModule(type, { model: 'AM-100-103' })).toBe(false)
  })

  it('offers soil quantities per level, epsilon and sigma derived from moisture, ECW and temperature', () => {
    expect(fieldsOf('humidity', { model: 'AM-100-22' })).toEqual(['HUMIDITY_1', 'HUMIDITY_2'])
    expect(fieldsOf('ecw', { model: 'AM-999' })).toEqual(['ECW_1'])
    expect(fieldsOf('mci', { model: 'AM-999' })).toEqual([])
    expect(reportFieldsFor('epsilon', { model: 'AM-100-103' })).toMatchObject([
      { field: 'EPSILON_1', reads: ['HUMIDITY_1'], derive: 'epsilon', suffix: '', level: 3 },
      { field: 'EPSILON_2', level: 2 },
      { field: 'EPSILON_3', level: 1 },
    ])
    expect(reportFieldsFor('sigma', { model: 'AM-100-101' })).toMatchObject([
      {
        field: 'SIGMA_1',
        reads: ['HUMIDITY_1', 'ECW_1', 'TEMP_1'],
        derive: 'sigma',
        suffix: 'mS/cm',
        level: null,
      },
    ])
  })

  it('names AM-100-103 levels 4 minus the field’s last digit', () => {
    expect(levelOf('AM-100-103', 'HUMIDITY_1')).toBe(3)
    expect(levelOf('AM-100-103', 'TEMP_3')).toBe(1)
    expect(levelOf('AM-100-101', 'TEMP_1')).toBeNull()
  })

  it('offers rain gauges and flowmeters of an AM-600 by their equipment, with their units', () => {
    const mast = {
      model: 'AM-600',
      equipment: [
        {
          id: 7,
          name: 'Gauge',
          field_name: 'DI_USR_3',
          kind: 'counter_input',
          type: 'udometer',
          properties: { udo_units: 1, multiplier: 0.2, counter_type: 1 },
        },
        {
          id: 8,
          name: 'Meter',
          field_name: 'DI_USR_4',
          kind: 'counter_input',
          type: 'flowmeter',
          properties: { flow_units: 0 },
        },
      ],
    }
    expect(reportFieldsFor('rainfall', mast)).toEqual([
      {
        field: 'DI_USR_3',
        reads: ['cnt3'],
        derive: 'counter',
        suffix: 'l/m²',
        decimals: 1,
        draw: 'bar',
        level: null,
        custom_label: 'Gauge',
        id_output: 7,
        counter: { incremental: true, multiplier: 0.2 },
      },
    ])
    expect(reportFieldsFor('water_usage', mast)).toMatchObject([
      { field: 'DI_USR_4', reads: ['cnt4'], suffix: 'l', counter: { incremental: false, multiplier: 1 } },
    ])
    expect(reportFieldsFor('rainfall', { model: 'AM-600' })).toEqual([])
  })

  it('offers every field of any model on complex reports, outputs as steps and binary inputs as areas', () => {
    const universal = {
      model: 'AM-600',
      config: {
        inputs: {
          ANALOG_USR_1: { custom_units: 'bar', custom_label: 'Pressure' },
          DI_USR_2: { input_type: 1 },
        },
      },
    }
    const fields = reportFieldsFor('multiple_complex', universal)
    expect(fields.find((info) => info.field === 'o1')?.draw).toBe('step')
    expect(fields.find((info) => info.field === 'DI_USR_2')?.draw).toBe('area')
    expect(fields.find((info) => info.field === 'ANALOG_USR_1')).toMatchObject({
      suffix: 'bar',
      custom_label: 'Pressure',
    })
    expect(fieldsOf('complex', { model: 'AM-411' })).toContain('o4')
  })
})

describe('report calculations (spec 02 section 9)', () => {
  it('rounds half away from zero without binary surprises', () => {
    expect(roundTo(1.005, 2)).toBe(1.01)
    expect(roundTo(-1.005, 2)).toBe(-1.01)
    expect(roundTo(2.25, 1)).toBe(2.3)
    expect(dailyAverage(517.5, 46)).toBe(11.25)
    expect(dailyAverage(10, 3)).toBe(3.33)
    expect(dailyAverage(0, 0)).toBeNull()
  })

  it('rounds every value exactly as shifting its decimal text would', () => {
    // The decimal-text rounding the fast path stands in for, checked on averages of 10-minute
    // readings with 1 to 3 decimals and on arbitrary doubles.
    const byText = (value: number, decimals: number) => {
      const sign = value < 0 ? -1 : 1
      const scaled = Number(`${Math.abs(value)}e${decimals}`)
      return sign * Number(`${Math.round(scaled)}e-${decimals}`) || 0
    }
    let seed = 7
    const random = () => {
      seed = (seed * 16_807) % 2_147_483_647
      return seed / 2_147_483_647
    }
    for (let index = 0; index < 5_000; index++) {
      const readings = Math.round(random() * 143) + 1
      const sum = Math.round((random() - 0.3) * 50_000) / 10 ** (1 + (index % 3))
      for (const value of [sum / readings, sum, (random() - 0.5) * 1e6])
        for (const decimals of [1, 2, 4]) expect(roundTo(value, decimals)).toBe(byText(value, decimals))
    }
    expect(summedAmount(7, 0.2)).toBe(1.4)
    expect(summedAmount(3, 0.25)).toBe(0.8)
  })

  it('counts incremental counters as last minus first, a reset counting from zero', () => {
    const rows = [
      { first: 100, last: 104, sum: 0 },
      null,
      { first: 106, last: 110, sum: 0 },
      { first: 3, last: 5, sum: 0 },
    ]
    // 4; nothing; 2 since the last row plus 4; reset: 3 plus 2.
    expect(counterPulses(rows, true)).toEqual([4, null, 6, 5])
    expect(counterPulses(rows, true, 98)).toEqual([6, null, 6, 5])
    expect(counterPulses([{ first: 1, last: 2, sum: 9 }], false)).toEqual([9])
  })

  it('rounds the delta to 2 and shows it only where it meets the comparator; no value shows all', () => {
    expect(deltaOf(20.111, 25.5)).toBe(5.39)
    expect(deltaOf(null, 3)).toBeNull()
    expect(deltaShown(5.39, 'gt', 5)).toBe(true)
    expect(deltaShown(5.39, 'lt', 5)).toBe(false)
    expect(deltaShown(-1, 'lt', 0)).toBe(true)
    expect(deltaShown(5.39, 'gt', undefined)).toBe(true)
    expect(deltaShown(null, undefined, undefined)).toBe(true)
    expect(deltaShown(null, 'gt', 1)).toBe(false)
  })

  it('inverts Topp’s equation for epsilon and applies Hilhorst for sigma', () => {
    // θ(20) = −0.053 + 0.584 − 0.22 + 0.0344 = 0.3454.
    expect(toppWaterContent(20)).toBeCloseTo(0.3454, 10)
    expect(epsilonOfMoisture(34.54)).toBeCloseTo(20, 9)
    expect(epsilonOfMoisture(18.83)).toBeCloseTo(10, 9)
    // Dry soil: θ(ε) = 0 at ε ≈ 1.88; below θ(1) the answer stays 1 (air).
    expect(epsilonOfMoisture(0)).toBeCloseTo(1.8807, 4)
    expect(epsilonOfMoisture(-5)).toBe(1)
    expect(epsilonOfMoisture(100)).toBe(81)
    expect(epsilonOfMoisture(null)).toBeNull()
    // ECW 2 mS/cm at 20 °C: 2 × (20 − 4.1) / 80.3.
    expect(sigmaOf(34.54, 2, 20)).toBeCloseTo((2 * 15.9) / 80.3, 9)
    // At 30 °C the pore water's permittivity is 80.3 − 3.7 = 76.6.
    expect(sigmaOf(34.54, 2, 30)).toBeCloseTo((2 * 15.9) / 76.6, 9)
    expect(sigmaOf(0, 2, 20)).toBe(0)
    expect(sigmaOf(34.54, null, 20)).toBeNull()
  })
})

describe('the previous period, aligned by the farm’s calendar', () => {
  const zone = 'Europe/Warsaw'
  it('chooses the period by the range’s length, a 25-hour day still a day', () => {
    const from = new Date('2026-10-24T22:00:00Z')
    expect(comparePeriodFor(from, new Date('2026-10-25T23:00:00Z'))).toBe('day')
    expect(comparePeriodFor(from, new Date('2026-10-31T23:00:00Z'))).toBe('week')
    expect(comparePeriodFor(from, new Date('2026-11-24T23:00:00Z'))).toBe('month')
    expect(comparePeriodFor(from, new Date('2027-01-24T23:00:00Z'))).toBe('year')
  })

  it('shifts by the wall clock across a change of clocks', () => {
    // Noon CEST on 30 March back a day: noon on 29 March, already CEST (the clocks moved at 2:00).
    expect(shiftBack(new Date('2026-03-30T10:00:00Z'), 'day', zone).toISOString()).toBe(
      '2026-03-29T10:00:00.000Z',
    )
    // Local midnight of 30 March (CEST) back one day is local midnight of 29 March (CET).
    expect(shiftBack(new Date('2026-03-29T22:00:00Z'), 'day', zone).toISOString()).toBe(
      '2026-03-28T23:00:00.000Z',
    )
    // A week back from 01:00 CET on 1 November is 01:00 CEST on 25 October (before the clocks went back).
    expect(shiftBack(new Date('2026-11-01T00:00:00Z'), 'week', zone).toISOString()).toBe(
      '2026-10-24T23:00:00.000Z',
    )
    // 31 March back a month is the last of February; a year back from 29 February 2028 is 28 February.
    expect(shiftBack(new Date('2026-03-31T10:00:00Z'), 'month', zone).toISOString()).toBe(
      '2026-02-28T11:00:00.000Z',
    )
    expect(shiftBack(new Date('2028-02-29T11:00:00Z'), 'year', zone).toISOString()).toBe(
      '2027-02-28T11:00:00.000Z',
    )
    // 02:30 on 30 March back a day falls in the hour skipped on the 29th: the first moment after it.
    expect(shiftBack(new Date('2026-03-30T00:30:00Z'), 'day', zone).toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    )
    expect(
      previousRange(new Date('2026-04-01T00:00:00Z'), new Date('2026-05-01T00:00:00Z'), 'month', zone),
    ).toEqual({
      start: new Date('2026-03-01T01:00:00Z'),
      end: new Date('2026-04-01T00:00:00Z'),
    })
  })

  it('lets the request choose the period', () => {
    const parsed = reportRequestSchema.parse({
      type: 'temperature',
      sources: [],
      start_date: '2026-03-01T00:00:00Z',
      end_date: '2026-03-02T00:00:00Z',
      compare_previous: true,
      compare_period: 'year',
    })
    expect(parsed.compare_period).toBe('year')
    expect(reportRequestSchema.safeParse({ ...parsed, compare_period: 'decade' }).success).toBe(false)
  })
})
