import type { CSSProperties, ReactNode } from 'react'

/** One column of a DataTable: what it sorts and searches by, and how it is drawn. */
export interface DataColumn<T> {
  id: string
  header: string
  /** Pixels; wider tables scroll sideways inside themselves. */
  width: number
  /** What the column sorts by (null sorts last); the text by default. */
  value?: (row: T) => string | number | null
  /** The text a search matches; the value's text by default. */
  text?: (row: T) => string
  /** The cell; the text by default. */
  cell?: (row: T) => ReactNode
  align?: 'left' | 'right'
  /** Whether a click on the header sorts by it; the table's `sortable` by default. */
  sortable?: boolean
}

/** Row and header heights: comfortable for lists people click through, compact for reports' numbers. */
export const sizes = {
  comfortable: { row: 40, header: 44 },
  // Two lines of a long header (a report's series: module, field, level, period).
  compact: { row: 32, header: 52 },
} as const
export type Density = keyof typeof sizes

/** A cell's content cut short with an ellipsis (the cell is a flex box: the text needs its own box). */
export const clipped: CSSProperties = { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }

/** A header of up to two lines, then cut with an ellipsis. */
export const twoLines: CSSProperties = {
  minWidth: 0,
  overflow: 'hidden',
  whiteSpace: 'normal',
  lineHeight: 1.25,
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
}

export const sortValueOf = <T>(column: DataColumn<T>, row: T): string | number | null =>
  column.value ? column.value(row) : column.text ? column.text(row) : null
export const textOf = <T>(column: DataColumn<T>, row: T): string =>
  column.text ? column.text(row) : String(sortValueOf(column, row) ?? '')

/** A cell of the column at `index` of `count`: the last one takes the room left, the first stays in view. */
export const cellStyle = <T>(column: DataColumn<T>, index: number, count: number): CSSProperties => ({
  width: column.width,
  minWidth: column.width,
  flex: index === count - 1 ? '1 0 auto' : undefined,
  padding: '0 8px',
  display: 'flex',
  alignItems: 'center',
  justifyContent: column.align === 'right' ? 'flex-end' : 'flex-start',
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  ...(index === 0 ? { position: 'sticky', left: 0, zIndex: 1, background: 'var(--mantine-color-body)' } : {}),
})
