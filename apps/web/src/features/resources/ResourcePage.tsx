import { Anchor, Group, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'

interface ResourcePageProps {
  title: string
  intro?: string
  /** The list a detail page returns to. */
  backTo?: string
  actions?: ReactNode
  children: ReactNode
}

/** The frame of a resource screen: the way back to its list (detail pages), a title, the actions. */
export function ResourcePage({ title, intro, backTo, actions, children }: ResourcePageProps) {
  const { t } = useTranslation()
  return (
    <Stack gap="md" maw={960}>
      {backTo && (
        <Anchor component={Link} to={backTo} size="sm" w="fit-content">
          ← {t('resources.back')}
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
