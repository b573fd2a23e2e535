import { Anchor, Group, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { Link } from 'react-router'

export interface PageFrameProps {
  title: string
  intro?: string
  /** The way back: where it leads and what it says (without the arrow). */
  back?: { to: string; label: string }
  actions?: ReactNode
  maxWidth: number
  children: ReactNode
}

/** The frame of a screen: an optional way back, a title with its intro, the actions, the content. */
export function PageFrame({ title, intro, back, actions, maxWidth, children }: PageFrameProps) {
  return (
    <Stack gap="md" maw={maxWidth}>
      {back && (
        <Anchor component={Link} to={back.to} size="sm" w="fit-content">
          ← {back.label}
        </Anchor>
      )}
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4}>
          <Title order={2}>{title}</Title>
          {intro && (
            <Text size="sm" c="dimmed">
              {intro}
            </Text>
          )}
        </Stack>
        {actions}
      </Group>
      {children}
    </Stack>
  )
}
