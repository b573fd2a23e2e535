import { Button, Card, EmptyState, Group, Table } from '@mantine/core'
import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Loaded } from '../../app/ui/Loaded'
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
          <Card withBorder radius="md" padding={0}>
            <Table.ScrollContainer minWidth={340}>
              <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover data-testid={testId}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('resources.name')}</Table.Th>
                    {columns.map((column) => (
                      <Table.Th key={column.header} visibleFrom={column.visibleFrom}>
                        {column.header}
                      </Table.Th>
                    ))}
                    <Table.Th ta="right">{t('resources.actions')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => (
                    <Table.Tr key={row.id} data-testid={`${testId}-row-${row.id}`}>
                      <Table.Td fw={500}>{row.name}</Table.Td>
                      {columns.map((column) => (
                        <Table.Td key={column.header} visibleFrom={column.visibleFrom}>
                          {column.cell(row)}
                        </Table.Td>
                      ))}
                      <Table.Td>
                        <Group gap="xs" justify="flex-end" wrap="nowrap">
                          {editTo ? (
                            <Button
                              component={Link}
                              to={editTo(row)}
                              state={fromHere}
                              size="xs"
                              variant="default"
                              aria-label={t('resources.edit_label', { name: row.name })}
                            >
                              {t('resources.edit')}
                            </Button>
                          ) : (
                            <Button
                              size="xs"
                              variant="default"
                              onClick={() => onEdit?.(row)}
                              aria-label={t('resources.edit_label', { name: row.name })}
                            >
                              {t('resources.edit')}
                            </Button>
                          )}
                          <Button
                            size="xs"
                            variant="light"
                            color="red"
                            onClick={() => onDelete(row)}
                            aria-label={t('resources.delete_label', { name: row.name })}
                          >
                            {t('resources.delete')}
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Card>
        )
      }}
    </Loaded>
  )
}
