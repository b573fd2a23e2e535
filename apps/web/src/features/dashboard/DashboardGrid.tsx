import 'react-grid-layout/css/styles.css'
import './dashboard.css'
import {
  dashboardLimits,
  fitToGrid,
  halfWidthOnPhone,
  moveInPhoneOrder,
  phoneOrder,
  type Widget,
} from '@kropla/domain'
import { ActionIcon, Card, Group, Text } from '@mantine/core'
import { GridLayout, type Layout, useContainerWidth } from 'react-grid-layout'
import { useTranslation } from 'react-i18next'
import { FullText } from '../../app/ui/FullText'
import { gridMargin, gridRowHeight } from './grid-size'
import { dragHandleClass, WidgetFrame } from './WidgetFrame'
import { WidgetView } from './widgets/WidgetView'

interface GridProps {
  widgets: readonly Widget[]
  editing: boolean
  onChange: (widgets: Widget[]) => void
  onConfigure: (widget: Widget) => void
  onRemove: (widget: Widget) => void
}

/**
 * The desktop grid (react-grid-layout, 12 columns): widgets at their saved places; while editing
 * they move by their title and resize by their corner, with the mouse or a finger.
 */
export function DesktopGrid({ widgets, editing, onChange, onConfigure, onRemove }: GridProps) {
  const { width, containerRef, mounted } = useContainerWidth()
  const layout: Layout = widgets.map((widget) => ({
    i: widget.id,
    ...widget.layout,
    minW: 2,
    minH: 2,
    maxH: dashboardLimits.maxHeight,
  }))
  const apply = (next: Layout) => {
    if (!editing) return
    const byId = new Map(next.map((item) => [item.i, item]))
    let changed = false
    const moved = widgets.map((widget) => {
      const item = byId.get(widget.id)
      if (!item) return widget
      const place = fitToGrid(item)
      const old = widget.layout
      if (place.x === old.x && place.y === old.y && place.w === old.w && place.h === old.h) return widget
      changed = true
      return { ...widget, layout: place }
    })
    if (changed) onChange(moved)
  }
  return (
    <div ref={containerRef} data-testid="dashboard-grid">
      {mounted && (
        <GridLayout
          className={editing ? 'kropla-dashboard-editing' : undefined}
          width={width}
          layout={layout}
          gridConfig={{
            cols: 12,
            rowHeight: gridRowHeight,
            margin: [gridMargin, gridMargin],
            containerPadding: [0, 0],
          }}
          dragConfig={{ enabled: editing, handle: `.${dragHandleClass}` }}
          resizeConfig={{ enabled: editing, handles: ['se'] }}
          onLayoutChange={apply}
        >
          {widgets.map((widget) => (
            <div key={widget.id}>
              <WidgetFrame
                widget={widget}
                editing={editing}
                fill
                onConfigure={() => onConfigure(widget)}
                onRemove={() => onRemove(widget)}
              >
                <WidgetView widget={widget} />
              </WidgetFrame>
            </div>
          ))}
        </GridLayout>
      )}
    </div>
  )
}

/**
 * A phone: the desktop's order, value tiles half width, the others full width. Editing is a list
 * moved up and down, never a drag.
 */
export function PhoneGrid({ widgets, editing, onChange, onConfigure, onRemove }: GridProps) {
  const { t } = useTranslation()
  const ordered = phoneOrder(widgets)
  if (editing)
    return (
      <div data-testid="dashboard-phone-list" style={{ display: 'grid', gap: 8 }}>
        {ordered.map((widget, index) => {
          const title = widget.title || t(`dashboards.types.${widget.type}`)
          return (
            <Card key={widget.id} withBorder padding="xs" data-testid={`widget-${widget.id}`}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <FullText text={title}>
                  <Text size="sm" fw={600} truncate style={{ flex: 1 }}>
                    {title}
                  </Text>
                </FullText>
                <Group gap={2} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    size="lg"
                    disabled={index === 0}
                    aria-label={t('dashboards.move_up', { name: title })}
                    onClick={() => onChange(moveInPhoneOrder(widgets, widget.id, -1))}
                  >
                    ↑
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    size="lg"
                    disabled={index === ordered.length - 1}
                    aria-label={t('dashboards.move_down', { name: title })}
                    onClick={() => onChange(moveInPhoneOrder(widgets, widget.id, 1))}
                  >
                    ↓
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    size="lg"
                    aria-label={t('dashboards.configure_named', { name: title })}
                    onClick={() => onConfigure(widget)}
                  >
                    ⚙
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={t('dashboards.remove_named', { name: title })}
                    onClick={() => onRemove(widget)}
                  >
                    ×
                  </ActionIcon>
                </Group>
              </Group>
            </Card>
          )
        })}
      </div>
    )
  return (
    <div
      data-testid="dashboard-grid"
      style={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 8 }}
    >
      {ordered.map((widget) => (
        <div
          key={widget.id}
          style={{ gridColumn: halfWidthOnPhone.has(widget.type) ? 'span 1' : 'span 2', minWidth: 0 }}
        >
          <WidgetFrame
            widget={widget}
            editing={false}
            onConfigure={() => onConfigure(widget)}
            onRemove={() => onRemove(widget)}
          >
            <WidgetView widget={widget} />
          </WidgetFrame>
        </div>
      ))}
    </div>
  )
}
