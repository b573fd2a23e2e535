import { EmptyState, Table } from '@mantine/core'
import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { ListTable } from '../../app/ui/ListTable'
import { Loaded } from '../../app/ui/Loaded'
import { RowActions } from '../../app/ui/RowActions'
import { useFromHere } from './back-to'

export interface Column<Row> {
  header: string
  cell: (row: Row) => ReactNode
  /** Hidden on narrow screens. */
  visibleFrom?: 'sm' | 'md'
}

interface ResourceTableProps<Row extends { id: number; name: string }> {
  query: UseQueryResult<Row[]>
  /** Only these rows of the query (outputs or input equipment of one list). */
  filter?: (row: Row) => boolean
  columns: readonly Column<Row>[]
  empty: string
  testId: string
  /** The row's edit page, or a handler opening an edit dialog. */
  editTo?: (row: Row) => string
  onEdit?: (row: Row) => void
  onDelete: (row: Row) => void
}

/** Every row of a resource list in one table (spec 01 section 2: no page-size option), edit and delete. */
export function ResourceTable<Row extends { id: number; name: string }>({
  query,
  filter,
  columns,
  empty,
  testId,
  editTo,
  onEdit,
  onDelete,
}: ResourceTableProps<Row>) {
  const { t } = useTranslation()
  const fromHere = useFromHere()
  return (
    <Loaded query={query}>
      {(all) => {
        const rows = filter ? all.filter(filter) : all
        if (rows.length === 0) return <EmptyState title={empty} />
        return (
          <ListTable
            testId={testId}
            minWidth={340}
            head={
              <>
                <Table.Th>{t('resources.name')}</Table.Th>
                {columns.map((column) => (
                  <Table.Th key={column.header} visibleFrom={column.visibleFrom}>
                    {column.header}
                  </Table.Th>
                ))}
                <Table.Th ta="right">{t('resources.actions')}</Table.Th>
              </>
            }
          >
            {rows.map((row) => (
              <Table.Tr key={row.id} data-testid={`${testId}-row-${row.id}`}>
                <Table.Td fw={500}>{row.name}</Table.Td>
                {columns.map((column) => (
                  <Table.Td key={column.header} visibleFrom={column.visibleFrom}>
                    {column.cell(row)}
                  </Table.Td>
                ))}
                <RowActions
                  wrap="nowrap"
                  actions={[
                    {
                      label: t('resources.edit'),
                      ariaLabel: t('resources.edit_label', { name: row.name }),
                      tone: 'plain',
                      ...(editTo ? { to: editTo(row), state: fromHere } : { onClick: () => onEdit?.(row) }),
                    },
                    {
                      label: t('resources.delete'),
                      ariaLabel: t('resources.delete_label', { name: row.name }),
                      tone: 'danger',
                      onClick: () => onDelete(row),
                    },
                  ]}
                />
              </Table.Tr>
            ))}
          </ListTable>
        )
      }}
    </Loaded>
  )
}
