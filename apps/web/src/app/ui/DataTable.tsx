import { Box, Group, Text, TextInput, UnstyledButton } from '@mantine/core'
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
import { type CSSProperties, type ReactNode, useDeferredValue, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'

/** One column of a DataTable: what it sorts and searches by, and how it is drawn. */
export interface DataColumn<T> {
  id: string
  header: string
  /** Pixels; wider tables scroll sideways inside themselves. */
  width: number
  /** What the column sorts by (null sorts last). */
  value: (row: T) => string | number | null
  /** The text a search matches; the value's text by default. */
  text?: (row: T) => string
  /** The cell; the text by default. */
  cell?: (row: T) => ReactNode
  align?: 'left' | 'right'
  sortable?: boolean
}

const rowHeight = 40
const headerHeight = 44

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
 * A table of every row (spec 01: no page size) with a search box and sorting by any column
 * (@tanstack/react-table), drawn a screenful at a time (@tanstack/react-virtual) so 10,000 rows
 * stay fast. It scrolls inside itself both ways; the page never scrolls sideways. The first column
 * stays in view when it scrolls sideways. Shared: the operator's lists and any other long list.
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
}) {
  const { t } = useTranslation()
  const [search, setSearch] = useState('')
  const [sorting, setSorting] = useState<SortingState>(
    initialSort ? [{ id: initialSort.id, desc: initialSort.desc ?? false }] : [],
  )
  // The search text of each row, built once per list rather than on every key stroke.
  const all = useMemo(
    () =>
      rows.map((row) => ({
        row,
        search: columns
          .map((column) => (column.text ? column.text(row) : String(column.value(row) ?? '')))
          .join('\u0001')
          .toLowerCase(),
      })),
    [rows, columns],
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
          const value = column.value(wrapped.row)
          return typeof value === 'string' ? value.toLowerCase() : (value ?? undefined)
        },
        sortFn: 'basic',
        sortUndefined: 'last',
        sortDescFirst: false,
        enableSorting: column.sortable ?? true,
        cell: ({ row }: { row: { original: Wrapped<T> } }) =>
          column.cell
            ? column.cell(row.original.row)
            : column.text
              ? column.text(row.original.row)
              : String(column.value(row.original.row) ?? ''),
        size: column.width,
      })),
    [columns],
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
  const shownRows = shown.map((row) => row.original.row)

  return (
    <Box style={{ minWidth: 0 }}>
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
      <Box
        ref={scroller}
        data-testid={testId}
        data-rows={shown.length}
        style={{
          height: Math.min(height, headerHeight + Math.max(1, shown.length) * rowHeight + 2),
          overflow: 'auto',
          border: '1px solid var(--mantine-color-gray-4)',
          borderRadius: 4,
          position: 'relative',
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
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
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
                        <FlexRender header={header} />
                      )}
                    </th>
                  )
                })}
              </tr>
            ))}
          </thead>
          <tbody style={{ display: 'grid', height: virtualizer.getTotalSize(), position: 'relative' }}>
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
                  }}
                >
                  {row.getAllCells().map((cell, index) => (
                    <td key={cell.id} style={cellStyle(columns[index]!, index)}>
                      <FlexRender cell={cell} />
                    </td>
                  ))}
                </tr>
              )
            })}
          </tbody>
        </table>
        {shown.length === 0 && (
          <Text p="sm" c="dimmed">
            {t('table.empty')}
          </Text>
        )}
      </Box>
    </Box>
  )
}
