import {
  type ColumnDef,
  createSortedRowModel,
  rowSortingFeature,
  type SortingState,
  sortFn_basic,
  tableFeatures,
  useTable,
} from '@tanstack/react-table'
import { useDeferredValue, useMemo, useState } from 'react'
import { type DataColumn, sortValueOf, textOf } from './data-table-columns'

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

interface TableRowsOptions<T> {
  rows: readonly T[]
  columns: readonly DataColumn<T>[]
  rowKey: (row: T) => string | number
  initialSort?: { id: string; desc?: boolean }
  searchable: boolean
  sortable: boolean
}

/** A DataTable's rows as its search and its sorting show them (@tanstack/react-table). */
export function useTableRows<T>({
  rows,
  columns,
  rowKey,
  initialSort,
  searchable,
  sortable,
}: TableRowsOptions<T>) {
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
  return { search, setSearch, table, shown: table.getRowModel().rows }
}

export type TableOfRows<T> = ReturnType<typeof useTableRows<T>>['table']
