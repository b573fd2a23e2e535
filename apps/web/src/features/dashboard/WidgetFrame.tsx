import type { Widget } from '@kropla/domain'
import { ActionIcon, Card, Group, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { FullText } from '../../app/ui/FullText'

export const dragHandleClass = 'widget-drag-handle'

/** A widget's card: its title and, while editing, the handle to move it and its actions. */
export function WidgetFrame({
  widget,
  editing,
  onConfigure,
  onRemove,
  children,
  fill = false,
}: {
  widget: Widget
  editing: boolean
  onConfigure: () => void
  onRemove: () => void
  children: ReactNode
  /** Fill the grid cell (desktop), scrolling inside; on a phone the card takes its content's height. */
  fill?: boolean
}) {
  const { t } = useTranslation()
  const title = widget.title || t(`dashboards.types.${widget.type}`)
  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      h={fill ? '100%' : undefined}
      data-testid={`widget-${widget.id}`}
      data-widget-type={widget.type}
      style={{ display: 'flex', flexDirection: 'column' }}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap" mb="xs">
        <FullText text={title}>
          <Text
            fw={600}
            size="sm"
            truncate
            className={editing ? dragHandleClass : undefined}
            style={{
              cursor: editing ? 'move' : undefined,
              flex: 1,
              touchAction: editing ? 'none' : undefined,
            }}
          >
            {editing ? `⠿ ${title}` : title}
          </Text>
        </FullText>
        {editing && (
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              onClick={onConfigure}
              aria-label={t('dashboards.configure_named', { name: title })}
            >
              ⚙
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={onRemove}
              aria-label={t('dashboards.remove_named', { name: title })}
            >
              ×
            </ActionIcon>
          </Group>
        )}
      </Group>
      <div style={{ flex: 1, minHeight: 0, overflow: fill ? 'auto' : undefined }}>{children}</div>
    </Card>
  )
}
