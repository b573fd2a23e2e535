import { Paper } from '@mantine/core'
import type { WholeText } from './use-whole-text'

/** The whole text of a tapped cut cell, drawn below it inside the table's frame. */
export function WholeTextPanel({ whole, testId }: { whole: WholeText; testId?: string }) {
  return (
    <Paper
      role="tooltip"
      data-testid={testId ? `${testId}-whole-text` : 'table-whole-text'}
      shadow="md"
      withBorder
      px="xs"
      py={6}
      fz={14}
      style={{
        position: 'absolute',
        top: whole.top,
        left: whole.left,
        maxWidth: whole.maxWidth,
        zIndex: 3,
        whiteSpace: 'normal',
        overflowWrap: 'anywhere',
      }}
    >
      {whole.text}
    </Paper>
  )
}
