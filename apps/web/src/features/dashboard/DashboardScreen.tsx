import {
  type Dashboard,
  defaultWidgetSize,
  firstFreePlace,
  type Widget,
  type WidgetInput,
  type WidgetType,
  widgetTypes,
} from '@kropla/domain'
import { Alert, Button, Group, Menu, Select, Stack, Tabs, Title } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { notifications } from '@mantine/notifications'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router'
import { Loaded } from '../../app/ui/Loaded'
import { useErrorMessage } from '../../app/ui/use-error-message'
import { modulesPath } from '../modules/objects-api'
import { offlineBannerReasonId, useNeedsServer } from '../offline/use-online'
import { DesktopGrid, PhoneGrid } from './DashboardGrid'
import { DashboardLiveProvider } from './dashboard-live'
import { dashboardPath, useDashboards, useDashboardWrites } from './dashboards-api'
import { ManageDashboardsModal } from './ManageDashboardsModal'
import { WidgetDialog } from './WidgetDialog'

/**
 * Dashboards (spec 01 sections 2 and 3): `/` and `/dashboard` show the first, `/dashboard/{id}`
 * (and the second-generation addresses) the chosen one. A new account's first dashboard holds the
 * module tiles, so it sees what the start screen showed.
 */
export function DashboardScreen() {
  const { t } = useTranslation()
  const { id } = useParams()
  const dashboards = useDashboards()
  return (
    <Loaded query={dashboards}>
      {(list) => {
        const current = id === undefined ? list[0] : list.find((dashboard) => dashboard.id === Number(id))
        if (!current)
          return (
            <Alert color="yellow" data-testid="dashboard-not-found">
              {t('dashboards.not_found')}
            </Alert>
          )
        return (
          <DashboardLiveProvider>
            <DashboardView key={current.id} dashboard={current} list={list} />
          </DashboardLiveProvider>
        )
      }}
    </Loaded>
  )
}

const newWidgetId = () => `w${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

function newWidget(type: WidgetType, widgets: readonly Widget[]): WidgetInput {
  const layout = firstFreePlace(widgets, defaultWidgetSize(type))
  const base = { id: newWidgetId(), title: '', layout }
  if (type === 'chart' || type === 'simple_chart')
    return { ...base, type, source: { id_object: null, field: null } }
  return { ...base, type } as WidgetInput
}

function DashboardView({ dashboard, list }: { dashboard: Dashboard; list: readonly Dashboard[] }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false
  const writes = useDashboardWrites()
  // The start screen keeps its room for the values: the banner says why editing waits.
  const needsServer = useNeedsServer(offlineBannerReasonId)
  const messageOf = useErrorMessage()
  const [draft, setDraft] = useState<Widget[] | null>(null)
  const [configuring, setConfiguring] = useState<WidgetInput | null>(null)
  const [managing, setManaging] = useState(false)
  const [saveError, setSaveError] = useState<unknown>(null)
  const editing = draft !== null
  const widgets = draft ?? dashboard.widgets

  const save = () => {
    if (!draft) return
    writes.save.mutate(
      { id: dashboard.id, body: { name: dashboard.name, widgets: draft } },
      {
        onSuccess: () => {
          setDraft(null)
          setSaveError(null)
          notifications.show({ color: 'teal', message: t('dashboards.saved') })
        },
        onError: (error) => setSaveError(error),
      },
    )
  }
  const putWidget = (widget: Widget) => {
    setDraft((old) => {
      const current = old ?? dashboard.widgets
      return current.some((entry) => entry.id === widget.id)
        ? current.map((entry) => (entry.id === widget.id ? widget : entry))
        : [...current, widget]
    })
    setConfiguring(null)
  }
  const grid = {
    widgets,
    editing,
    onChange: setDraft,
    onConfigure: (widget: Widget) => setConfiguring(widget),
    onRemove: (widget: Widget) =>
      setDraft((old) => (old ?? dashboard.widgets).filter((entry) => entry.id !== widget.id)),
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <Title order={2} data-testid="dashboard-title">
          {dashboard.name}
        </Title>
        <Group gap="xs" wrap="wrap">
          {editing ? (
            <>
              <Menu position="bottom-end">
                <Menu.Target>
                  <Button variant="light">{t('dashboards.add_widget')}</Button>
                </Menu.Target>
                <Menu.Dropdown>
                  {widgetTypes.map((type) => (
                    <Menu.Item key={type} onClick={() => setConfiguring(newWidget(type, widgets))}>
                      {t(`dashboards.types.${type}`)}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
              <Button variant="default" onClick={() => setDraft(null)}>
                {t('dashboards.cancel')}
              </Button>
              <Button onClick={save} loading={writes.save.isPending} {...needsServer}>
                {t('dashboards.save')}
              </Button>
            </>
          ) : (
            <>
              <Button component={Link} to={`${modulesPath}?add=1`} variant="subtle">
                {t('dashboard.add_module')}
              </Button>
              <Button variant="light" onClick={() => setManaging(true)}>
                {t('dashboards.manage')}
              </Button>
              <Button onClick={() => setDraft(dashboard.widgets)} {...needsServer}>
                {t('dashboards.edit')}
              </Button>
            </>
          )}
        </Group>
      </Group>
      {list.length > 1 &&
        (isPhone ? (
          <Select
            aria-label={t('dashboards.choose')}
            data={list.map((entry) => ({ value: String(entry.id), label: entry.name }))}
            value={String(dashboard.id)}
            onChange={(value) => value && void navigate(dashboardPath(Number(value)))}
            allowDeselect={false}
          />
        ) : (
          <Tabs
            value={String(dashboard.id)}
            onChange={(value) => value && void navigate(dashboardPath(Number(value)))}
          >
            <Tabs.List style={{ flexWrap: 'wrap' }}>
              {list.map((entry) => (
                <Tabs.Tab key={entry.id} value={String(entry.id)}>
                  {entry.name}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>
        ))}
      {saveError != null && (
        <Alert color="red" role="alert" data-testid="dashboard-save-error">
          {messageOf(saveError)}
        </Alert>
      )}
      {editing && (
        <Alert color="blue" variant="light" p="xs">
          {isPhone ? t('dashboards.edit_hint_phone') : t('dashboards.edit_hint')}
        </Alert>
      )}
      {widgets.length === 0 ? (
        <Alert color="gray" variant="light" data-testid="dashboard-empty">
          {t('dashboards.empty')}
        </Alert>
      ) : isPhone ? (
        <PhoneGrid {...grid} />
      ) : (
        <DesktopGrid {...grid} />
      )}
      {configuring && (
        <WidgetDialog widget={configuring} onSave={putWidget} onClose={() => setConfiguring(null)} />
      )}
      {managing && (
        <ManageDashboardsModal
          dashboards={list}
          currentId={dashboard.id}
          onClose={() => setManaging(false)}
        />
      )}
    </Stack>
  )
}
