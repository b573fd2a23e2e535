import { type RefObject, useLayoutEffect } from 'react'
import './stacked-table.css'

/** The class that turns a table into one card per row on a phone (stacked-table.css). */
export const stackedTableClass = 'kropla-stacked-table'

/**
 * Gives every body cell of the table the text of its column's header as `data-label`, which the
 * stacked phone layout shows before the value. Runs after every render: rows come and go.
 */
export function useStackedLabels(table: RefObject<HTMLTableElement | null>): void {
  useLayoutEffect(() => {
    const element = table.current
    if (!element) return
    const headers = [...element.querySelectorAll('thead tr:first-child th')].map(
      (th) => th.getAttribute('data-label') ?? th.textContent?.trim() ?? '',
    )
    for (const row of element.querySelectorAll('tbody tr')) {
      let column = 0
      for (const cell of row.children) {
        const label = headers[column] ?? ''
        if (cell.getAttribute('data-label') !== label) cell.setAttribute('data-label', label)
        column += Number(cell.getAttribute('colspan') ?? 1)
      }
    }
  })
}
