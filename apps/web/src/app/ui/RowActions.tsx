import { Button, Group, type GroupProps, Table } from '@mantine/core'
import { Link } from 'react-router'

/** How an action looks: a plain edit, a light accent, or the colour of what it does. */
export type RowActionTone = 'plain' | 'accent' | 'caution' | 'quiet' | 'danger'

const looks: Record<RowActionTone, { variant: 'default' | 'light'; color?: string }> = {
  plain: { variant: 'default' },
  accent: { variant: 'light' },
  caution: { variant: 'light', color: 'yellow' },
  quiet: { variant: 'light', color: 'gray' },
  danger: { variant: 'light', color: 'red' },
}

export interface RowAction {
  /** The word on the button. */
  label: string
  /** Names the row as well, for screen readers (e.g. "Edit Valve 1"). */
  ariaLabel: string
  tone: RowActionTone
  /** Either a handler or a page (followed as a link, carrying `state`). */
  onClick?: () => void
  to?: string
  state?: unknown
  disabled?: boolean
  /** Why the action is disabled, shown on hover. */
  title?: string
}

interface RowActionsProps extends Omit<GroupProps, 'children'> {
  /** `false` leaves an action out for this row (e.g. "Pause" on a paused schedule). */
  actions: readonly (RowAction | false)[]
}

/** The last cell of a list's row: its actions as small buttons, right-aligned. */
export function RowActions({ actions, ...group }: RowActionsProps) {
  return (
    <Table.Td>
      <Group gap="xs" justify="flex-end" {...group}>
        {actions.map((action) => action && <RowActionButton key={action.label} action={action} />)}
      </Group>
    </Table.Td>
  )
}

function RowActionButton({ action }: { action: RowAction }) {
  const common = {
    size: 'xs',
    ...looks[action.tone],
    'aria-label': action.ariaLabel,
    disabled: action.disabled,
    title: action.title,
  } as const
  if (action.to !== undefined) {
    return (
      <Button component={Link} to={action.to} state={action.state} {...common}>
        {action.label}
      </Button>
    )
  }
  return (
    <Button onClick={action.onClick} {...common}>
      {action.label}
    </Button>
  )
}
