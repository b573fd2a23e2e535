import { Card, Table } from '@mantine/core'
import { type ReactNode, useRef } from 'react'
import { stackedTableClass, useStackedLabels } from './use-stacked-labels'

interface ListTableProps {
  testId: string
  /** From a tablet up, narrower screens scroll the table sideways rather than squeeze it below this; a phone stacks each row as a card. */
  minWidth: number
  horizontalSpacing?: 'xs' | 'sm' | 'md'
  ariaLabel?: string
  /** The header cells (`Table.Th`). */
  head: ReactNode
  /** The rows (`Table.Tr`). */
  children: ReactNode
  /** Below the table, inside its card (e.g. which time zone the times are in). */
  footer?: ReactNode
}

/** A list screen's table: in a bordered card, one card per row on a phone (no sideways scroll), rows lit on hover. */
export function ListTable({
  testId,
  minWidth,
  horizontalSpacing = 'md',
  ariaLabel,
  head,
  children,
  footer,
}: ListTableProps) {
  const table = useRef<HTMLTableElement>(null)
  useStackedLabels(table)
  return (
    <Card withBorder radius="md" padding={0}>
      <Table.ScrollContainer minWidth={minWidth}>
        <Table
          ref={table}
          className={stackedTableClass}
          verticalSpacing="sm"
          horizontalSpacing={horizontalSpacing}
          highlightOnHover
          aria-label={ariaLabel}
          data-testid={testId}
        >
          <Table.Thead>
            <Table.Tr>{head}</Table.Tr>
          </Table.Thead>
          <Table.Tbody>{children}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {footer}
    </Card>
  )
}
