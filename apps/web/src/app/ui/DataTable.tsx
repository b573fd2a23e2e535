import { Box, Group, Text, TextInput } from '@mantine/core'
import { FlexRender } from '@tanstack/react-table'
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual'
import { type ReactNode, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { DataTableHead } from './DataTableHead'
import { cellStyle, clipped, type DataColumn, type Density, sizes } from './data-table-columns'
import { useTableRows } from './use-table-rows'
import { showWholeText, useWholeTextOnTap } from './use-whole-text'
import { WholeTextPanel } from './WholeTextPanel'

export type { DataColumn } from './data-table-columns'

/**
 * The one table of the app: every row (spec 01: no page size), drawn a screenful at a time
 * (@tanstack/react-virtual) so 50,000 rows scroll smoothly, with an optional search box and
 * sorting by any column (@tanstack/react-table, use-table-rows.ts). It scrolls inside itself both
 * ways; the page never scrolls sideways. The first column stays in view when it scrolls sideways; a
 * cell or header cut short shows its whole text on hover, or on a tap (use-whole-text.ts). Used by
 * the operator's lists, the audit log and the reports.
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
  density?: Density
  /** Said where there are no rows. */
  empty?: string
}) {
  const { t } = useTranslation()
  const { row: rowHeight, header: headerHeight } = sizes[density]
  const { search, setSearch, table, shown } = useTableRows({
    rows,
    columns,
    rowKey,
    initialSort,
    searchable,
    sortable,
  })
  const scroller = useRef<HTMLDivElement>(null)
  const frame = useRef<HTMLDivElement>(null)
  const { whole, onTap, onScroll } = useWholeTextOnTap(frame, scroller)
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
          onScroll={onScroll}
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
            <DataTableHead table={table} columns={columns} density={density} height={headerHeight} />
            {/* biome-ignore lint/a11y/useKeyWithClickEvents: the tap is for touch screens without hover; a cell's whole text is in the page for screen readers, and a focused link's title says it */}
            <tbody
              style={{ display: 'grid', height: virtualizer.getTotalSize(), position: 'relative' }}
              onPointerOver={showWholeText}
              onFocus={showWholeText}
              onClick={onTap}
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
                      <td key={cell.id} style={cellStyle(columns[index]!, index, columns.length)}>
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
        {whole && <WholeTextPanel whole={whole} testId={testId} />}
      </Box>
    </Box>
  )
}
