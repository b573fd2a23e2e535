import type { PreviewRun, SchedulePreview } from '@kropla/domain'
import { describe, expect, it } from 'vitest'
import { createI18n } from '../../lib/i18n'
import { layOutPreview, warningKey } from './preview-timeline'

const run = (overrides: Partial<PreviewRun>): PreviewRun => ({
  id_output: 11,
  output_name: 'Valve north',
  role: 'element',
  element_index: 0,
  cycle: 1,
  open_at: '2026-05-04T04:00:00.000Z',
  duration: 30,
  fertigation: false,
  ...overrides,
})

const preview = (runs: PreviewRun[]): SchedulePreview => ({
  from: '2026-05-03T22:00:00.000Z',
  to: '2026-05-05T22:00:00.000Z',
  runs,
  warnings: [],
})

describe('the preview timeline', () => {
  it('lays the window’s days out in the farm’s time zone, each run at its local minute', () => {
    const [row] = layOutPreview(preview([run({})]), 'Europe/Warsaw')
    expect(row?.days.map((day) => day.day)).toEqual(['2026-05-04', '2026-05-05'])
    expect(row?.days[0]?.bars).toEqual([
      {
        time: '06:00',
        local: null,
        minutes: 30,
        startMinute: 360,
        endMinute: 390,
        fertigation: false,
        role: 'element',
        isContinued: false,
      },
    ])
    expect(row?.days[1]?.bars).toEqual([])
  })

  it('gives each run its start in the user’s own zone as well when it is not the farm’s', () => {
    const [row] = layOutPreview(preview([run({})]), 'Europe/Warsaw', 'America/New_York')
    expect(row?.days[0]?.bars[0]).toMatchObject({
      time: '06:00',
      startMinute: 360,
      local: { day: '2026-05-04', time: '00:00' },
    })
    const [late] = layOutPreview(preview([run({})]), 'Europe/Warsaw', 'Pacific/Auckland')
    expect(late?.days[0]?.bars[0]?.local).toEqual({ day: '2026-05-04', time: '16:00' })
    const [early] = layOutPreview(preview([run({})]), 'Europe/Warsaw', 'America/Los_Angeles')
    expect(early?.days[0]?.bars[0]?.local).toEqual({ day: '2026-05-03', time: '21:00' })
  })

  it('continues a run past midnight on the next day', () => {
    const [row] = layOutPreview(
      preview([run({ open_at: '2026-05-04T21:30:00.000Z', duration: 60 })]),
      'Europe/Warsaw',
    )
    expect(row?.days[0]?.bars[0]).toMatchObject({
      time: '23:30',
      startMinute: 1410,
      endMinute: 1440,
      isContinued: false,
    })
    expect(row?.days[1]?.bars[0]).toMatchObject({
      time: '23:30',
      startMinute: 0,
      endMinute: 30,
      isContinued: true,
    })
    expect(row?.runCount).toBe(1)
  })

  it('puts the elements’ outputs first in the order they run, then the water sources’ outputs', () => {
    const rows = layOutPreview(
      preview([
        run({
          id_output: 16,
          output_name: 'Well pump',
          role: 'clean_source',
          open_at: '2026-05-04T03:00:00.000Z',
        }),
        run({ id_output: 12, output_name: 'Valve south', open_at: '2026-05-04T05:00:00.000Z' }),
        run({ id_output: 11, output_name: 'Valve north', open_at: '2026-05-04T04:00:00.000Z' }),
        run({
          id_output: 11,
          output_name: 'Valve north',
          open_at: '2026-05-05T04:00:00.000Z',
          fertigation: true,
        }),
      ]),
      'UTC',
    )
    expect(rows.map((row) => [row.name, row.isWaterSource, row.runCount])).toEqual([
      ['Valve north', false, 2],
      ['Valve south', false, 1],
      ['Well pump', true, 1],
    ])
  })

  it('takes warnings as bare names or full catalogue keys', () => {
    expect(warningKey('slider_zero')).toBe('schedules.warnings.slider_zero')
    expect(warningKey('schedules.warnings.slider_zero')).toBe('schedules.warnings.slider_zero')
  })

  it('counts runs with the Polish plural forms', () => {
    const pl = createI18n('pl')
    const count = (n: number) => pl.t('schedules.preview.run_count', { count: n })
    expect([1, 2, 5, 22, 25].map(count)).toEqual([
      '1 uruchomienie',
      '2 uruchomienia',
      '5 uruchomień',
      '22 uruchomienia',
      '25 uruchomień',
    ])
    expect(createI18n('en').t('schedules.preview.run_count', { count: 1 })).toBe('1 run')
  })
})
