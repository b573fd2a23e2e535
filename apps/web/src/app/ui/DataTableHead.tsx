import { UnstyledButton } from '@mantine/core'
import { FlexRender } from '@tanstack/react-table'
import { useTranslation } from 'react-i18next'
import { cellStyle, clipped, type DataColumn, type Density, twoLines } from './data-table-columns'
import type { TableOfRows } from './use-table-rows'

/** A DataTable's header row: a sortable column's header is a button saying how it sorts. */
export function DataTableHead<T>({
  table,
  columns,
  density,
  height,
}: {
  table: TableOfRows<T>
  columns: readonly DataColumn<T>[]
  density: Density
  height: number
}) {
  const { t } = useTranslation()
  return (
    <thead style={{ display: 'grid', position: 'sticky', top: 0, zIndex: 2 }}>
      {table.getHeaderGroups().map((group) => (
        <tr
          key={group.id}
          aria-rowindex={1}
          style={{
            display: 'flex',
            height,
            background: 'var(--mantine-color-gray-1)',
            borderBottom: '1px solid var(--mantine-color-gray-4)',
          }}
        >
          {group.headers.map((header, index) => {
            const column = columns[index]!
            const sorted = header.column.getIsSorted()
            const style = {
              ...cellStyle(column, index, columns.length),
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
                    <span aria-hidden="true">{sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}</span>
                  </UnstyledButton>
                ) : (
                  <span
                    style={
                      density === 'compact' ? { ...twoLines, textAlign: column.align ?? 'left' } : clipped
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
  )
}
