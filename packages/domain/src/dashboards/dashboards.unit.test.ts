import { describe, expect, it } from 'vitest'
import {
  dashboardLimits,
  firstFreePlace,
  fitToGrid,
  moveInPhoneOrder,
  phoneOrder,
  saveDashboardSchema,
  startWidgets,
  type WidgetInput,
  widgetLayoutSchema,
  widgetSchema,
} from './dashboards'
import { widgetIrrigationAckSchema, widgetIrrigationRequestSchema } from './widget-irrigation'

const messages = (result: {
  success: boolean
  error?: { issues: { message: string; path: PropertyKey[] }[] }
}) => result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? []

const place = { x: 0, y: 0, w: 6, h: 6 }
const chart = (source: { id_object: number | null; field: string | null }): WidgetInput => ({
  id: 'c1',
  type: 'chart',
  layout: place,
  source,
})

describe('dashboard names', () => {
  it('takes 16 characters and refuses the 17th', () => {
    expect(saveDashboardSchema.safeParse({ name: 'x'.repeat(16) }).success).toBe(true)
    expect(messages(saveDashboardSchema.safeParse({ name: 'x'.repeat(17) }))).toEqual([
      ['name', 'errors.dashboard_name_too_long'],
    ])
  })
  it('trims, and refuses an empty name', () => {
    expect(saveDashboardSchema.parse({ name: '  Field  ' }).name).toBe('Field')
    expect(messages(saveDashboardSchema.safeParse({ name: '   ' }))).toEqual([
      ['name', 'errors.field_required'],
    ])
  })
  it('keeps the limits of spec 01 section 9', () => {
    expect(dashboardLimits.maxDashboards).toBe(16)
    expect(dashboardLimits.maxNameLength).toBe(16)
  })
})

describe('widget configuration', () => {
  it('needs a device, then a parameter, for chart widgets', () => {
    expect(messages(widgetSchema.safeParse(chart({ id_object: null, field: null })))).toEqual([
      ['source.id_object', 'errors.widget_no_device'],
    ])
    expect(messages(widgetSchema.safeParse(chart({ id_object: 3, field: null })))).toEqual([
      ['source.field', 'errors.widget_no_parameter'],
    ])
    const simple = { id: 's', type: 'simple_chart', layout: place, source: { id_object: 3, field: '' } }
    expect(messages(widgetSchema.safeParse(simple))).toEqual([['source.field', 'errors.widget_no_parameter']])
  })

  it('fills the chart options with their defaults and bounds them', () => {
    const parsed = widgetSchema.parse(chart({ id_object: 3, field: 'hum1' }))
    expect(parsed).toMatchObject({
      days_back: 7,
      chart_type: 'line',
      grid: true,
      current_value: true,
      point_limit: true,
      max_points: 500,
      extremum: false,
    })
    const tooMany = { ...chart({ id_object: 3, field: 'hum1' }), max_points: 5001, days_back: 366 }
    expect(messages(widgetSchema.safeParse(tooMany))).toEqual([
      ['days_back', 'errors.too_big'],
      ['max_points', 'errors.too_big'],
    ])
  })

  it('refuses an unknown type and a place outside the 12 columns', () => {
    expect(widgetSchema.safeParse({ id: 'a', type: 'clock', layout: place }).success).toBe(false)
    const wide = { id: 'a', type: 'map', layout: { x: 8, y: 0, w: 6, h: 4 } }
    expect(messages(widgetSchema.safeParse(wide))).toEqual([['layout.w', 'errors.too_big']])
  })

  it('accepts each of the eight types', () => {
    const widgets: WidgetInput[] = [
      { id: 'a', type: 'resources', layout: place },
      { id: 'b', type: 'simple_chart', layout: place, source: { id_object: 1, field: 'temp' } },
      { id: 'c', type: 'chart', layout: place, source: { id_object: 1, field: 'temp' } },
      { id: 'd', type: 'map', layout: place },
      { id: 'e', type: 'system_state', layout: place },
      { id: 'f', type: 'weather', layout: place },
      { id: 'g', type: 'manual_control', layout: place, outputs: [4] },
      { id: 'h', type: 'nfc_scan', layout: place },
    ]
    expect(saveDashboardSchema.parse({ name: 'All', widgets }).widgets).toHaveLength(8)
  })

  it('refuses two widgets with one id and more than 32 widgets', () => {
    const one: WidgetInput = { id: 'a', type: 'map', layout: place }
    expect(messages(saveDashboardSchema.safeParse({ name: 'D', widgets: [one, one] }))).toEqual([
      ['widgets.1.id', 'errors.validation_failed'],
    ])
    const many = Array.from({ length: 33 }, (_, index) => ({ ...one, id: `w${index}` }))
    expect(messages(saveDashboardSchema.safeParse({ name: 'D', widgets: many }))).toEqual([
      ['widgets', 'errors.dashboard_too_many_widgets'],
    ])
  })

  it('starts a dashboard with the module tiles', () => {
    expect(startWidgets()).toEqual([expect.objectContaining({ type: 'resources', objects: [] })])
    expect(widgetSchema.safeParse(startWidgets()[0]).success).toBe(true)
    expect(startWidgets(1)[0]!.layout.h).toBe(8)
    expect(startWidgets(15)[0]!.layout.h).toBe(32)
    expect(startWidgets(100)[0]!.layout.h).toBe(48)
  })
})

describe('phone order', () => {
  const widgets = [
    { id: 'chart', layout: { x: 0, y: 4, w: 12, h: 6 } },
    { id: 'right', layout: { x: 6, y: 0, w: 6, h: 4 } },
    { id: 'left', layout: { x: 0, y: 0, w: 6, h: 4 } },
  ]
  it('follows the desktop reading order', () => {
    expect(phoneOrder(widgets).map((widget) => widget.id)).toEqual(['left', 'right', 'chart'])
  })
  it('moves a widget up by swapping places with the one before it', () => {
    const moved = moveInPhoneOrder(widgets, 'chart', -1)
    expect(phoneOrder(moved).map((widget) => widget.id)).toEqual(['left', 'chart', 'right'])
    expect(moveInPhoneOrder(widgets, 'left', -1)).toEqual(widgets)
  })
})

describe('widget_irrigation', () => {
  it('asks for every output by default and answers outputs or err', () => {
    expect(widgetIrrigationRequestSchema.parse({})).toEqual({ outputs: [] })
    expect(widgetIrrigationRequestSchema.safeParse({ outputs: ['x'] }).success).toBe(false)
    expect(widgetIrrigationAckSchema.safeParse({ err: 'internal', message: 'Error' }).success).toBe(true)
    expect(widgetIrrigationAckSchema.safeParse({ ok: true, outputs: [] }).success).toBe(true)
  })
})

describe('a new widget', () => {
  it('takes the first free place, row by row, else goes under the others', () => {
    const tiles = [{ layout: { x: 0, y: 0, w: 12, h: 8 } }, { layout: { x: 0, y: 8, w: 3, h: 4 } }]
    expect(firstFreePlace(tiles, { w: 6, h: 4 })).toEqual({ x: 3, y: 8, w: 6, h: 4 })
    expect(firstFreePlace(tiles, { w: 12, h: 6 })).toEqual({ x: 0, y: 12, w: 12, h: 6 })
    expect(firstFreePlace([], { w: 3, h: 4 })).toEqual({ x: 0, y: 0, w: 3, h: 4 })
  })
})

describe('a place from the grid', () => {
  it('keeps a place that fits as it is', () => {
    expect(fitToGrid({ x: 4, y: 8, w: 3, h: 12 })).toEqual({ x: 4, y: 8, w: 3, h: 12 })
  })
  it('brings a widget dragged too tall, too wide or off the grid within the bounds the save accepts', () => {
    const cases = [
      { x: 4, y: 8, w: 3, h: 52 },
      { x: 10, y: 0, w: 6, h: 4 },
      { x: -2, y: -1, w: 0, h: 0 },
      { x: 2.6, y: 3.4, w: 4.5, h: Number.NaN },
      { x: 11, y: 5000, w: 12, h: 1 },
    ]
    const fitted = cases.map(fitToGrid)
    expect(fitted).toEqual([
      { x: 4, y: 8, w: 3, h: dashboardLimits.maxHeight },
      { x: 10, y: 0, w: 2, h: 4 },
      { x: 0, y: 0, w: 1, h: 1 },
      { x: 3, y: 3, w: 5, h: 1 },
      { x: 11, y: dashboardLimits.maxRows, w: 1, h: 1 },
    ])
    for (const place of fitted) expect(widgetLayoutSchema.safeParse(place).success).toBe(true)
  })
  it('accepts every widget stacked at its tallest', () => {
    const { maxWidgets, maxHeight } = dashboardLimits
    const stacked = Array.from({ length: maxWidgets }, (_, index) => ({
      id: `w${index}`,
      type: 'map' as const,
      layout: { x: 0, y: index * maxHeight, w: 12, h: maxHeight },
    }))
    expect(saveDashboardSchema.safeParse({ name: 'Tall', widgets: stacked }).success).toBe(true)
  })
})
