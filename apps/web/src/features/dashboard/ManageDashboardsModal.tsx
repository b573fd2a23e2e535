import { type Dashboard, dashboardLimits, dashboardNameSchema } from '@kropla/domain'
import { ActionIcon, Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useErrorMessage } from '../../app/ui/use-error-message'
import { translateKey } from '../../lib/translate-key'
import { offlineBannerReasonId, useNeedsServer } from '../offline/use-online'
import { dashboardPath, useDashboardWrites } from './dashboards-api'

/** Create, rename, reorder and delete dashboards (spec 01 sections 5 and 8). */
export function ManageDashboardsModal({
  dashboards,
  currentId,
  onClose,
}: {
  dashboards: readonly Dashboard[]
  currentId: number
  onClose: () => void
}) {
  const { t, i18n } = useTranslation()
  const needsServer = useNeedsServer(offlineBannerReasonId)
  const writes = useDashboardWrites()
  const navigate = useNavigate()
  const messageOf = useErrorMessage()
  const [names, setNames] = useState<Record<number, string>>(() =>
    Object.fromEntries(dashboards.map((dashboard) => [dashboard.id, dashboard.name])),
  )
  const [fresh, setFresh] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [fieldProblems, setFieldProblems] = useState<Record<string, string>>({})

  const nameProblem = (name: string) => {
    const parsed = dashboardNameSchema.safeParse(name)
    const key = parsed.success ? null : (parsed.error.issues[0]?.message ?? 'errors.validation_failed')
    return key === null ? null : translateKey(i18n, key, key)
  }
  const failed = (error: unknown) => setProblem(messageOf(error))
  const done = (message: string) => {
    setProblem(null)
    notifications.show({ color: 'teal', message })
  }

  const rename = (dashboard: Dashboard) => {
    const name = names[dashboard.id] ?? ''
    const invalid = nameProblem(name)
    setFieldProblems((old) => ({ ...old, [dashboard.id]: invalid ?? '' }))
    if (invalid) return
    writes.save.mutate(
      { id: dashboard.id, body: { name, widgets: dashboard.widgets } },
      { onSuccess: () => done(t('dashboards.saved')), onError: failed },
    )
  }
  const remove = (dashboard: Dashboard) => {
    if (dashboards.length <= 1) return setProblem(t('errors.dashboard_only_one'))
    writes.remove.mutate(dashboard.id, {
      onSuccess: () => {
        done(t('dashboards.removed'))
        if (dashboard.id === currentId) void navigate('/dashboard')
      },
      onError: failed,
    })
  }
  const move = (index: number, step: -1 | 1) => {
    const ids = dashboards.map((dashboard) => dashboard.id)
    const [moved] = ids.splice(index, 1)
    ids.splice(index + step, 0, moved!)
    writes.reorder.mutate(ids, { onError: failed })
  }
  const create = () => {
    if (dashboards.length >= dashboardLimits.maxDashboards) return setProblem(t('errors.dashboards_too_many'))
    const invalid = nameProblem(fresh)
    setFieldProblems((old) => ({ ...old, fresh: invalid ?? '' }) as Record<string, string>)
    if (invalid) return
    writes.create.mutate(
      { name: fresh },
      {
        onSuccess: (created) => {
          setFresh('')
          done(t('dashboards.created'))
          void navigate(dashboardPath(created.id))
          onClose()
        },
        onError: failed,
      },
    )
  }

  return (
    <Modal opened onClose={onClose} title={t('dashboards.manage')} centered size="lg">
      <Stack gap="sm">
        {problem && (
          <Alert color="red" role="alert" data-testid="dashboards-problem">
            {problem}
          </Alert>
        )}
        <Text size="xs" c="dimmed">
          {t('dashboards.limits', {
            count: dashboardLimits.maxDashboards,
            length: dashboardLimits.maxNameLength,
          })}
        </Text>
        {dashboards.map((dashboard, index) => (
          <Group
            key={dashboard.id}
            gap="xs"
            align="flex-start"
            wrap="wrap"
            data-testid={`manage-${dashboard.id}`}
          >
            <TextInput
              style={{ flex: 1, minWidth: 140 }}
              aria-label={t('dashboards.name_of', { n: index + 1 })}
              value={names[dashboard.id] ?? ''}
              onChange={(event) => {
                const value = event.currentTarget.value
                setNames((old) => ({ ...old, [dashboard.id]: value }))
              }}
              error={fieldProblems[dashboard.id] || undefined}
            />
            <Group gap={2} wrap="nowrap">
              <Button variant="light" size="sm" onClick={() => rename(dashboard)}>
                {t('dashboards.rename')}
              </Button>
              <ActionIcon
                variant="subtle"
                size="lg"
                disabled={index === 0}
                onClick={() => move(index, -1)}
                aria-label={t('dashboards.move_up', { name: dashboard.name })}
              >
                ↑
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                size="lg"
                disabled={index === dashboards.length - 1}
                onClick={() => move(index, 1)}
                aria-label={t('dashboards.move_down', { name: dashboard.name })}
              >
                ↓
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                onClick={() => remove(dashboard)}
                aria-label={t('dashboards.delete_named', { name: dashboard.name })}
              >
                ×
              </ActionIcon>
            </Group>
          </Group>
        ))}
        <form
          onSubmit={(event) => {
            event.preventDefault()
            create()
          }}
        >
          <Group gap="xs" align="flex-start" wrap="wrap">
            <TextInput
              style={{ flex: 1, minWidth: 140 }}
              label={t('dashboards.new_name')}
              value={fresh}
              onChange={(event) => setFresh(event.currentTarget.value)}
              error={fieldProblems.fresh || undefined}
            />
            <Button type="submit" mt={24} loading={writes.create.isPending} {...needsServer}>
              {t('dashboards.add')}
            </Button>
          </Group>
        </form>
      </Stack>
    </Modal>
  )
}
