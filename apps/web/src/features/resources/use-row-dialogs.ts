import { useState } from 'react'

type RowDialog<Row> = { kind: 'edit'; row: Row | null } | { kind: 'delete'; row: Row } | null

/**
 * For list screens whose rows are edited in a dialog rather than on their own page: at most one
 * dialog is open, the edit form (of a row, or null for a new one) or the removal of a row.
 */
export function useRowDialogs<Row>() {
  const [dialog, setDialog] = useState<RowDialog<Row>>(null)
  return {
    /** The row being edited, null for a new one, undefined when no edit dialog is open. */
    editing: dialog?.kind === 'edit' ? dialog.row : undefined,
    deleting: dialog?.kind === 'delete' ? dialog.row : undefined,
    add: () => setDialog({ kind: 'edit', row: null }),
    edit: (row: Row) => setDialog({ kind: 'edit', row }),
    remove: (row: Row) => setDialog({ kind: 'delete', row }),
    close: () => setDialog(null),
  }
}
