import { Card, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'

interface SettingsCardProps {
  title: string
  /** A line under the title saying what the section is for. */
  description?: string
  children: ReactNode
}

/** One titled card of a settings form. */
export function SettingsCard({ title, description, children }: SettingsCardProps) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={3} size="h4" mb={description ? undefined : 'sm'}>
        {title}
      </Title>
      {description && (
        <Text size="sm" c="dimmed" mb="sm">
          {description}
        </Text>
      )}
      {children}
    </Card>
  )
}
