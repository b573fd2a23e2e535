import { z } from 'zod'
import { singleLineText } from '../input/text'
import { idListSchema, idSchema } from '../resources/common'

/**
 * Dashboards (spec 01 sections 3, 5 and 9): at most 16 per client account, a name of at most 16
 * characters (the spec's other wording says 256: ADR 0056), the only
 * dashboard cannot be deleted. Widgets are kept with their place on a 12-column grid.
 */
export const dashboardLimits = {
  maxDashboards: 16,
  maxNameLength: 16,
  maxWidgets: 32,
  columns: 12,
  /** The lowest row a widget can start on: every widget stacked at its tallest (32 x 48). */
  maxRows: 32 * 48,
  maxHeight: 48,
  maxDaysBack: 365,
  minPoints: 10,
  maxPoints: 5000,
} as const

export const dashboardNameSchema = singleLineText({ error: 'errors.field_required' })
  .trim()
  .min(1, { error: 'errors.field_required' })
  .max(dashboardLimits.maxNameLength, { error: 'errors.dashboard_name_too_long' })

/** The eight widget types of spec 01 section 3. */
export const widgetTypes = [
  'resources',
  'simple_chart',
  'chart',
  'map',
  'system_state',
  'weather',
  'manual_control',
  'nfc_scan',
] as const
export type WidgetType = (typeof widgetTypes)[number]

/** A widget's place on the desktop grid: columns of 12, rows of the grid's row height. */
export const widgetLayoutSchema = z
  .object({
    x: z
      .number()
      .int()
      .min(0)
      .max(dashboardLimits.columns - 1),
    y: z.number().int().min(0).max(dashboardLimits.maxRows),
    w: z.number().int().min(1).max(dashboardLimits.columns),
    h: z.number().int().min(1).max(dashboardLimits.maxHeight),
  })
  .refine((layout) => layout.x + layout.w <= dashboardLimits.columns, {
    error: 'errors.too_big',
    path: ['w'],
  })
export type WidgetLayout = z.infer<typeof widgetLayoutSchema>

const within = (value: number, low: number, high: number) =>
  Math.min(high, Math.max(low, Math.round(Number.isFinite(value) ? value : low)))

/**
 * A place the grid handed back, brought within the schema's bounds: whole cells, inside the 12
 * columns, at most `maxHeight` rows tall. A widget dragged taller than that keeps the tallest
 * height instead of making the save fail.
 */
export function fitToGrid({ x, y, w, h }: WidgetLayout): WidgetLayout {
  const { columns, maxRows, maxHeight } = dashboardLimits
  const left = within(x, 0, columns - 1)
  return {
    x: left,
    y: within(y, 0, maxRows),
    w: within(w, 1, columns - left),
    h: within(h, 1, maxHeight),
  }
}

/**
 * A chart's data source: a module and one of its fields. Either may be unset while the widget is
 * being configured; a saved chart needs both ('No device selected', 'No parameter selected').
 */
export const dataSourceSchema = z.object({
  id_object: idSchema.nullable().default(null),
  field: singleLineText().max(64, { error: 'errors.too_long' }).nullable().default(null),
})
export type DataSource = z.infer<typeof dataSourceSchema>

const daysBackSchema = z
  .number({ error: 'errors.field_required' })
  .int()
  .min(1, { error: 'errors.too_small' })
  .max(dashboardLimits.maxDaysBack, { error: 'errors.too_big' })

export const chartTypes = ['line', 'area', 'bar', 'step'] as const
export type ChartType = (typeof chartTypes)[number]

const common = {
  /** Unique within its dashboard; made by the browser. */
  id: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, { error: 'errors.validation_failed' }),
  title: singleLineText().trim().max(64, { error: 'errors.too_long' }).default(''),
  layout: widgetLayoutSchema,
}

export const resourcesWidgetSchema = z.object({
  ...common,
  type: z.literal('resources'),
  /** Modules shown as tiles; empty: every module of the account (the start dashboard's tiles). */
  objects: idListSchema.default([]),
})

/** A value tile: the current value of one field with a small trend line of the last days. */
export const simpleChartWidgetSchema = z.object({
  ...common,
  type: z.literal('simple_chart'),
  source: dataSourceSchema,
  days_back: daysBackSchema.default(1),
})

/** A full chart with the spec's options (spec 01 section 3). */
export const chartWidgetSchema = z.object({
  ...common,
  type: z.literal('chart'),
  source: dataSourceSchema,
  days_back: daysBackSchema.default(7),
  chart_type: z.enum(chartTypes, { error: 'errors.choice_invalid' }).default('line'),
  grid: z.boolean().default(true),
  /** The latest value shown above the chart. */
  current_value: z.boolean().default(true),
  /** Whether the points are thinned to at most `max_points`. */
  point_limit: z.boolean().default(true),
  max_points: z
    .number({ error: 'errors.field_required' })
    .int()
    .min(dashboardLimits.minPoints, { error: 'errors.too_small' })
    .max(dashboardLimits.maxPoints, { error: 'errors.too_big' })
    .default(500),
  /** The minimum and maximum of the range marked on the chart. */
  extremum: z.boolean().default(false),
})

export const mapWidgetSchema = z.object({ ...common, type: z.literal('map') })

/** The irrigation state: which outputs are open, by hand or by a schedule, and until when. */
export const systemStateWidgetSchema = z.object({
  ...common,
  type: z.literal('system_state'),
  /** Outputs shown; empty: every output of the account. */
  outputs: idListSchema.default([]),
})

export const weatherWidgetSchema = z.object({ ...common, type: z.literal('weather') })

/** Open and close outputs by hand, from the dashboard. */
export const manualControlWidgetSchema = z.object({
  ...common,
  type: z.literal('manual_control'),
  outputs: idListSchema.default([]),
})

/** Scan a module's NFC tag to open its page. */
export const nfcScanWidgetSchema = z.object({ ...common, type: z.literal('nfc_scan') })

const widgetUnion = z.discriminatedUnion('type', [
  resourcesWidgetSchema,
  simpleChartWidgetSchema,
  chartWidgetSchema,
  mapWidgetSchema,
  systemStateWidgetSchema,
  weatherWidgetSchema,
  manualControlWidgetSchema,
  nfcScanWidgetSchema,
])

/** A widget's configuration, by type; chart widgets need a device and a parameter. */
export const widgetSchema = widgetUnion.superRefine((widget, context) => {
  if (widget.type !== 'chart' && widget.type !== 'simple_chart') return
  if (widget.source.id_object === null)
    context.addIssue({ code: 'custom', message: 'errors.widget_no_device', path: ['source', 'id_object'] })
  else if (!widget.source.field)
    context.addIssue({ code: 'custom', message: 'errors.widget_no_parameter', path: ['source', 'field'] })
})
export type Widget = z.output<typeof widgetUnion>
export type WidgetInput = z.input<typeof widgetUnion>
export type WidgetOf<Type extends WidgetType> = Extract<Widget, { type: Type }>

export const widgetListSchema = z
  .array(widgetSchema)
  .max(dashboardLimits.maxWidgets, { error: 'errors.dashboard_too_many_widgets' })
  .superRefine((widgets, context) => {
    const seen = new Set<string>()
    widgets.forEach((widget, index) => {
      if (seen.has(widget.id))
        context.addIssue({ code: 'custom', message: 'errors.validation_failed', path: [index, 'id'] })
      seen.add(widget.id)
    })
  })

export const dashboardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  position: z.number().int(),
  widgets: z.array(widgetUnion),
})
export type Dashboard = z.infer<typeof dashboardSchema>

/** POST /api/dashboards and PUT /api/dashboards/{id}: the name and, in full, its widgets. */
export const saveDashboardSchema = z.object({
  name: dashboardNameSchema,
  widgets: widgetListSchema.default([]),
})
export type SaveDashboard = z.input<typeof saveDashboardSchema>

/** PUT /api/dashboards/order: every dashboard of the account, once, in the new order. */
export const dashboardOrderSchema = z.object({
  ids: z.array(idSchema).min(1).max(dashboardLimits.maxDashboards),
})
export type DashboardOrder = z.infer<typeof dashboardOrderSchema>

/**
 * The widget every account's first dashboard starts with: today's module tiles, tall enough for
 * the account's modules at three tiles a row (about six grid rows per row of tiles).
 */
export function startWidgets(moduleCount = 0): Widget[] {
  const h = Math.min(dashboardLimits.maxHeight, Math.max(8, 2 + Math.ceil(moduleCount / 3) * 6))
  return [{ id: 'modules', type: 'resources', title: '', objects: [], layout: { x: 0, y: 0, w: 12, h } }]
}

/** Widgets whose place on a phone is half the width (value tiles); the others take the full width. */
export const halfWidthOnPhone: ReadonlySet<WidgetType> = new Set(['simple_chart', 'nfc_scan'])

/** The order widgets take on a phone: the desktop's reading order, top to bottom, left to right. */
export function phoneOrder<T extends { layout: WidgetLayout }>(widgets: readonly T[]): T[] {
  return [...widgets].sort((a, b) => a.layout.y - b.layout.y || a.layout.x - b.layout.x)
}

/**
 * Moves a widget one place up (-1) or down (+1) in the phone's order by swapping its desktop place
 * with its neighbour's, so the desktop keeps the same order as the phone.
 */
export function moveInPhoneOrder<T extends { id: string; layout: WidgetLayout }>(
  widgets: readonly T[],
  id: string,
  step: -1 | 1,
): T[] {
  const ordered = phoneOrder(widgets)
  const index = ordered.findIndex((widget) => widget.id === id)
  const other = ordered[index + step]
  const self = ordered[index]
  if (!self || !other) return [...widgets]
  return widgets.map((widget) => {
    if (widget.id === self.id) return { ...widget, layout: swapPlace(self.layout, other.layout) }
    if (widget.id === other.id) return { ...widget, layout: swapPlace(other.layout, self.layout) }
    return widget
  })
}

function swapPlace(own: WidgetLayout, target: WidgetLayout): WidgetLayout {
  const w = Math.min(own.w, dashboardLimits.columns - target.x)
  return { ...own, x: target.x, y: target.y, w }
}

/** The first free row under every widget: where a new widget goes. */
export function nextFreeRow(widgets: readonly { layout: WidgetLayout }[]): number {
  return widgets.reduce((bottom, widget) => Math.max(bottom, widget.layout.y + widget.layout.h), 0)
}

/**
 * Where a new widget of this size goes: the first place, row by row and left to right, where it
 * overlaps no other widget (at the latest under all of them).
 */
export function firstFreePlace(
  widgets: readonly { layout: WidgetLayout }[],
  size: { w: number; h: number },
): WidgetLayout {
  const bottom = nextFreeRow(widgets)
  const overlaps = (x: number, y: number) =>
    widgets.some(
      ({ layout }) =>
        x < layout.x + layout.w && layout.x < x + size.w && y < layout.y + layout.h && layout.y < y + size.h,
    )
  for (let y = 0; y < bottom; y++)
    for (let x = 0; x + size.w <= dashboardLimits.columns; x++) if (!overlaps(x, y)) return { x, y, ...size }
  return { x: 0, y: bottom, ...size }
}

/** Default size of a new widget of a type on the desktop grid. */
export function defaultWidgetSize(type: WidgetType): { w: number; h: number } {
  switch (type) {
    case 'simple_chart':
      return { w: 3, h: 4 }
    case 'nfc_scan':
      return { w: 3, h: 5 }
    case 'resources':
      return { w: 12, h: 8 }
    case 'system_state':
      return { w: 6, h: 6 }
    default:
      return { w: 6, h: 8 }
  }
}
