import { Box, Text } from '@mantine/core'
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual'
import { type CSSProperties, useRef } from 'react'

export interface VirtualColumn {
  id: string
  header: string
  /** Pixels; the table scrolls sideways inside itself when the columns are wider than the screen. */
  width: number
  align?: 'left' | 'right'
  cell: (row: number) => string
}

const rowHeight = 32
/** Two lines of a long series name (module, field, level, period); the whole name in its title. */
const headerHeight = 52

/**
 * A table of every row (spec 01: no page size), drawn a screenful at a time so 50,000 rows scroll
 * smoothly (@tanstack/react-virtual). It scrolls inside itself both ways; the first column (the
 * time) stays in view when it scrolls sideways. Screen readers get the table roles and the row count.
 */
export function VirtualTable({
  label,
  rowCount,
  columns,
  testId,
  height = 420,
  empty,
}: {
  label: string
  rowCount: number
  columns: readonly VirtualColumn[]
  testId?: string
  height?: number
  /** Said where there are no rows. */
  empty?: string
}) {
  const scroller = useRef<HTMLDivElement>(null)
  const rowsHeight = Math.max(1, rowCount) * rowHeight + (rowCount === 0 ? 16 : 0)
  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: 12,
    // Where there is no layout (the first paint, jsdom) draw the first screenful meanwhile.
    initialRect: { width: 1280, height },
    observeElementRect: (instance, callback) =>
      observeElementRect(instance, (rect) =>
        callback(rect.height > 0 ? rect : { width: rect.width || 1280, height }),
      ),
  })
  const width = columns.reduce((sum, column) => sum + column.width, 0)
  const cellStyle = (column: VirtualColumn, index: number): CSSProperties => ({
    width: column.width,
    minWidth: column.width,
    flex: index === columns.length - 1 ? '1 0 auto' : undefined,
    padding: '0 8px',
    textAlign: column.align ?? 'left',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    ...(index === 0
      ? { position: 'sticky', left: 0, zIndex: 1, background: 'var(--mantine-color-body)' }
      : {}),
  })
  return (
    <Box
      ref={scroller}
      data-testid={testId}
      data-rows={rowCount}
      style={{
        height: Math.min(height, headerHeight + rowsHeight + 2),
        overflow: 'auto',
        border: '1px solid var(--mantine-color-gray-4)',
        borderRadius: 4,
        position: 'relative',
        background: 'var(--mantine-color-body)',
      }}
    >
      <table
        aria-label={label}
        aria-rowcount={rowCount + 1}
        style={{ display: 'grid', minWidth: width, width: '100%', borderCollapse: 'collapse' }}
      >
        <thead style={{ display: 'grid', position: 'sticky', top: 0, zIndex: 2 }}>
          <tr
            aria-rowindex={1}
            style={{
              display: 'flex',
              height: headerHeight,
              alignItems: 'center',
              background: 'var(--mantine-color-gray-1)',
              borderBottom: '1px solid var(--mantine-color-gray-4)',
              fontSize: 14,
            }}
          >
            {columns.map((column, index) => (
              <th
                key={column.id}
                scope="col"
                title={column.header}
                style={{
                  ...cellStyle(column, index),
                  background: 'var(--mantine-color-gray-1)',
                  fontWeight: 600,
                }}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody style={{ display: 'grid', height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => (
            <tr
              key={item.key}
              aria-rowindex={item.index + 2}
              style={{
                display: 'flex',
                alignItems: 'center',
                position: 'absolute',
                top: 0,
                left: 0,
                width: '100%',
                height: rowHeight,
                transform: `translateY(${item.start}px)`,
                borderBottom: '1px solid var(--mantine-color-gray-2)',
                fontSize: 14,
                fontVariantNumeric: 'tabular-nums',
              }}
            >
              {columns.map((column, index) => (
                <td key={column.id} style={cellStyle(column, index)}>
                  {column.cell(item.index)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {rowCount === 0 && (
        <Text size="sm" p="sm">
          {empty ?? '—'}
        </Text>
      )}
    </Box>
  )
}
