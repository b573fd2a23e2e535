import { Box, Group, Paper, Text, TextInput, UnstyledButton } from '@mantine/core'
import {
  type ColumnDef,
  createSortedRowModel,
  FlexRender,
  rowSortingFeature,
  type SortingState,
  sortFn_basic,
  tableFeatures,
  useTable,
} from '@tanstack/react-table'
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual'
import {
  type CSSProperties,
  type MouseEvent,
  type ReactNode,
  type SyntheticEvent,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { useTranslation } from 'react-i18next'

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
const sizes = {
  comfortable: { row: 40, header: 44 },
  // Two lines of a long header (a report's series: module, field, level, period).
  compact: { row: 32, header: 52 },
} as const

/** A cell's content cut short with an ellipsis (the cell is a flex box: the text needs its own box). */
const clipped: CSSProperties = { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }

/**
 * A cell cut short shows its whole text as its title, set when the pointer or focus reaches it (one
 * listener for the table, nothing per cell: a tooltip per drawn cell made scrolling 10,000 rows
 * several times slower).
 */
function showWholeText(event: SyntheticEvent) {
  const span = (event.target as HTMLElement).closest<HTMLElement>('[data-clipped]')
  if (!span) return
  const isCut = span.scrollWidth > span.clientWidth + 1
  const whole = isCut ? (span.textContent ?? '') : ''
  if (span.title !== whole) span.title = whole
}

/** The cut cell a tap (or click) reached, if any: not on a link or button in it, which do their own thing. */
function tappedCutCell(event: MouseEvent): HTMLElement | null {
  const target = event.target as HTMLElement
  if (target.closest('a, button, input, select, textarea, label, [role="button"]')) return null
  const span = target.closest<HTMLElement>('[data-clipped]')
  return span && span.scrollWidth > span.clientWidth + 1 ? span : null
}

/** The whole text of a tapped cut cell, where it is drawn below that cell inside the table's frame. */
interface WholeText {
  cell: HTMLElement
  text: string
  top: number
  left: number
  maxWidth: number
  /** Where the table was scrolled to when it opened: a scroll away from there closes it. */
  scrolledTo: { top: number; left: number }
}
const wholeTextWidth = 320

/** A header of up to two lines, then cut with an ellipsis. */
const twoLines: CSSProperties = {
  minWidth: 0,
  overflow: 'hidden',
  whiteSpace: 'normal',
  lineHeight: 1.25,
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
}

const sortValueOf = <T,>(column: DataColumn<T>, row: T): string | number | null =>
  column.value ? column.value(row) : column.text ? column.text(row) : null
const textOf = <T,>(column: DataColumn<T>, row: T): string =>
  column.text ? column.text(row) : String(sortValueOf(column, row) ?? '')

/** Sorting only: the search is a plain filter over each row's text, before the table sorts. */
const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { basic: sortFn_basic },
})

interface Wrapped<T> {
  row: T
  /** Every column's text, lower case, for the search. */
  search: string
}

/**
 * The one table of the app: every row (spec 01: no page size), drawn a screenful at a time
 * (@tanstack/react-virtual) so 50,000 rows scroll smoothly, with an optional search box and
 * sorting by any column (@tanstack/react-table). It scrolls inside itself both ways; the page
 * never scrolls sideways. The first column stays in view when it scrolls sideways; a header cut
 * short shows its whole text on hover. Used by the operator's lists, the audit log and the reports.
 */
export function DataTable<T>({
  label,
  rows,
  columns,
  rowKey,
  testId,
  height = 560,
  initialSort,
  toolbar,
  searchable = true,
  sortable = true,
  density = 'comfortable',
  empty,
}: {
  label: string
  rows: readonly T[]
  columns: readonly DataColumn<T>[]
  rowKey: (row: T) => string | number
  testId?: string
  height?: number
  initialSort?: { id: string; desc?: boolean }
  /** Beside the search box; gets the rows the search and sort show, in order. */
  toolbar?: (shown: T[]) => ReactNode
  /** The search box and the row count above the table (off where the screen counts its rows itself). */
  searchable?: boolean
  /** Whether columns sort on a click of their header (each column may say otherwise). */
  sortable?: boolean
  density?: keyof typeof sizes
  /** Said where there are no rows. */
  empty?: string
}) {
  const { t } = useTranslation()
  const { row: rowHeight, header: headerHeight } = sizes[density]
  const [search, setSearch] = useState('')
  const [sorting, setSorting] = useState<SortingState>(
    initialSort ? [{ id: initialSort.id, desc: initialSort.desc ?? false }] : [],
  )
  // The search text of each row, built once per list rather than on every key stroke (and not at
  // all without a search box: a report's 50,000 rows are formatted only as they are drawn).
  const all = useMemo(
    () =>
      rows.map((row) => ({
        row,
        search: searchable
          ? columns
              .map((column) => textOf(column, row))
              .join('\u0001')
              .toLowerCase()
          : '',
      })),
    [rows, columns, searchable],
  )
  // Typing stays responsive with 10,000 rows: the filter runs on the deferred search text.
  const deferredSearch = useDeferredValue(search)
  const data = useMemo(() => {
    const words = deferredSearch.toLowerCase().split(/\s+/).filter(Boolean)
    return words.length ? all.filter((item) => words.every((word) => item.search.includes(word))) : all
  }, [all, deferredSearch])
  const columnDefs = useMemo<ColumnDef<typeof features, Wrapped<T>>[]>(
    () =>
      columns.map((column) => ({
        id: column.id,
        header: column.header,
        accessorFn: (wrapped: Wrapped<T>) => {
          const value = sortValueOf(column, wrapped.row)
          return typeof value === 'string' ? value.toLowerCase() : (value ?? undefined)
        },
        sortFn: 'basic',
        sortUndefined: 'last',
        sortDescFirst: false,
        enableSorting: column.sortable ?? sortable,
        cell: ({ row }: { row: { original: Wrapped<T> } }) =>
          column.cell ? column.cell(row.original.row) : textOf(column, row.original.row),
        size: column.width,
      })),
    [columns, sortable],
  )
  const table = useTable({
    features,
    data,
    columns: columnDefs,
    state: { sorting },
    onSortingChange: setSorting,
    getRowId: (wrapped) => String(rowKey(wrapped.row)),
  })
  const shown = table.getRowModel().rows
  const scroller = useRef<HTMLDivElement>(null)
  const frame = useRef<HTMLDivElement>(null)
  // A phone has no hover, so no title: a tap on a cut cell shows its whole text in one panel shared by
  // the table (one listener on the table, nothing per cell), closed by a tap elsewhere, Escape or a scroll.
  const [whole, setWhole] = useState<WholeText | null>(null)
  const showWholeTextOnTap = (event: MouseEvent) => {
    const cell = tappedCutCell(event)
    const box = frame.current
    if (!cell || !box || whole?.cell === cell) {
      setWhole(null)
      return
    }
    const frameRect = box.getBoundingClientRect()
    const cellRect = cell.getBoundingClientRect()
    const maxWidth = Math.min(wholeTextWidth, frameRect.width)
    setWhole({
      cell,
      text: cell.textContent ?? '',
      top: cellRect.bottom - frameRect.top + 4,
      left: Math.max(0, Math.min(cellRect.left - frameRect.left, frameRect.width - maxWidth)),
      maxWidth,
      scrolledTo: { top: scroller.current?.scrollTop ?? 0, left: scroller.current?.scrollLeft ?? 0 },
    })
  }
  useEffect(() => {
    if (!whole) return
    const closeOutside = (event: PointerEvent) => {
      const target = event.target as Node
      if (!frame.current?.contains(target)) setWhole(null)
    }
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setWhole(null)
    }
    document.addEventListener('pointerdown', closeOutside)
    document.addEventListener('keydown', closeOnEscape)
    return () => {
      document.removeEventListener('pointerdown', closeOutside)
      document.removeEventListener('keydown', closeOnEscape)
    }
  }, [whole])
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: 10,
    initialRect: { width: 1280, height },
    observeElementRect: (instance, callback) =>
      observeElementRect(instance, (rect) =>
        callback(rect.height > 0 ? rect : { width: rect.width || 1280, height }),
      ),
  })
  const width = columns.reduce((sum, column) => sum + column.width, 0)
  const cellStyle = (column: DataColumn<T>, index: number): CSSProperties => ({
    width: column.width,
    minWidth: column.width,
    flex: index === columns.length - 1 ? '1 0 auto' : undefined,
    padding: '0 8px',
    display: 'flex',
    alignItems: 'center',
    justifyContent: column.align === 'right' ? 'flex-end' : 'flex-start',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    ...(index === 0
      ? { position: 'sticky', left: 0, zIndex: 1, background: 'var(--mantine-color-body)' }
      : {}),
  })
  const shownRows = toolbar ? shown.map((row) => row.original.row) : []

  return (
    <Box style={{ minWidth: 0 }}>
      {searchable && (
        <Group justify="space-between" align="flex-end" gap="sm" mb="xs" wrap="wrap">
          <TextInput
            label={t('table.search')}
            placeholder={t('table.search_placeholder')}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            w={{ base: '100%', sm: 320 }}
            data-testid={testId ? `${testId}-search` : undefined}
          />
          <Group gap="sm" wrap="wrap">
            {toolbar?.(shownRows)}
            <Text size="sm" c="dimmed" aria-live="polite">
              {search
                ? t('table.rows_found', { n: shown.length, total: rows.length })
                : t('table.rows', { n: rows.length })}
            </Text>
          </Group>
        </Group>
      )}
      <Box ref={frame} style={{ position: 'relative' }}>
        <Box
          ref={scroller}
          data-testid={testId}
          data-rows={shown.length}
          onScroll={
            whole
              ? (event) => {
                  // The panel stays where it was drawn: a scroll moves the cell away, so it closes (the
                  // scroll that brought the cell into view just before the tap does not count).
                  const { scrollTop, scrollLeft } = event.currentTarget
                  if (
                    Math.abs(scrollTop - whole.scrolledTo.top) > 2 ||
                    Math.abs(scrollLeft - whole.scrolledTo.left) > 2
                  )
                    setWhole(null)
                }
              : undefined
          }
          style={{
            height: Math.min(height, headerHeight + Math.max(1, shown.length) * rowHeight + 2),
            overflow: 'auto',
            border: '1px solid var(--mantine-color-gray-4)',
            borderRadius: 4,
            position: 'relative',
            background: 'var(--mantine-color-body)',
          }}
        >
          <table
            aria-label={label}
            aria-rowcount={shown.length + 1}
            style={{ display: 'grid', minWidth: width, width: '100%', borderCollapse: 'collapse' }}
          >
            <thead style={{ display: 'grid', position: 'sticky', top: 0, zIndex: 2 }}>
              {table.getHeaderGroups().map((group) => (
                <tr
                  key={group.id}
                  aria-rowindex={1}
                  style={{
                    display: 'flex',
                    height: headerHeight,
                    background: 'var(--mantine-color-gray-1)',
                    borderBottom: '1px solid var(--mantine-color-gray-4)',
                  }}
                >
                  {group.headers.map((header, index) => {
                    const column = columns[index]!
                    const sorted = header.column.getIsSorted()
                    const style = {
                      ...cellStyle(column, index),
                      background: 'var(--mantine-color-gray-1)',
                      fontWeight: 600,
                      fontSize: 14,
                    }
                    return (
                      <th
                        key={header.id}
                        scope="col"
                        aria-sort={
                          header.column.getCanSort()
                            ? sorted === 'asc'
                              ? 'ascending'
                              : sorted === 'desc'
                                ? 'descending'
                                : 'none'
                            : undefined
                        }
                        title={header.column.getCanSort() ? undefined : column.header}
                        style={style}
                      >
                        {header.column.getCanSort() ? (
                          <UnstyledButton
                            onClick={header.column.getToggleSortingHandler()}
                            fw={600}
                            fz={14}
                            title={t('table.sort_by', { column: column.header })}
                          >
                            <FlexRender header={header} />
                            <span aria-hidden="true">
                              {sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}
                            </span>
                          </UnstyledButton>
                        ) : (
                          <span
                            style={
                              density === 'compact'
                                ? { ...twoLines, textAlign: column.align ?? 'left' }
                                : clipped
                            }
                          >
                            <FlexRender header={header} />
                          </span>
                        )}
                      </th>
                    )
                  })}
                </tr>
              ))}
            </thead>
            {/* biome-ignore lint/a11y/useKeyWithClickEvents: the tap is for touch screens without hover; a cell's whole text is in the page for screen readers, and a focused link's title says it */}
            <tbody
              style={{ display: 'grid', height: virtualizer.getTotalSize(), position: 'relative' }}
              onPointerOver={showWholeText}
              onFocus={showWholeText}
              onClick={showWholeTextOnTap}
            >
              {virtualizer.getVirtualItems().map((item) => {
                const row = shown[item.index]!
                return (
                  <tr
                    key={row.id}
                    aria-rowindex={item.index + 2}
                    data-row-key={row.id}
                    style={{
                      display: 'flex',
                      position: 'absolute',
                      transform: `translateY(${item.start}px)`,
                      height: rowHeight,
                      width: '100%',
                      borderBottom: '1px solid var(--mantine-color-gray-2)',
                      fontSize: 14,
                      fontVariantNumeric: 'tabular-nums',
                    }}
                  >
                    {row.getAllCells().map((cell, index) => (
                      <td key={cell.id} style={cellStyle(columns[index]!, index)}>
                        <span style={clipped} data-clipped>
                          <FlexRender cell={cell} />
                        </span>
                      </td>
                    ))}
                  </tr>
                )
              })}
            </tbody>
          </table>
          {shown.length === 0 && (
            <Text p="sm" c="dimmed">
              {empty ?? t('table.empty')}
            </Text>
          )}
        </Box>
        {whole && (
          <Paper
            role="tooltip"
            data-testid={testId ? `${testId}-whole-text` : 'table-whole-text'}
            shadow="md"
            withBorder
            px="xs"
            py={6}
            fz={14}
            style={{
              position: 'absolute',
              top: whole.top,
              left: whole.left,
              maxWidth: whole.maxWidth,
              zIndex: 3,
              whiteSpace: 'normal',
              overflowWrap: 'anywhere',
            }}
          >
            {whole.text}
          </Paper>
        )}
      </Box>
    </Box>
  )
}
