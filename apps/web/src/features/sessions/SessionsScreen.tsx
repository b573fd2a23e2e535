import { type ActiveSession, activeSessionSchema, okAnswerSchema } from '@kropla/domain'
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useApi } from '../../app/api-context'
import { ErrorState } from '../../app/ui/ErrorState'
import { PendingState } from '../../app/ui/PendingState'
import { useErrorMessage } from '../../app/ui/useErrorMessage'
import { arrayOf } from '../../lib/api'
import { useUserFormat } from '../session/useUserFormat'
import { SettingsPage } from '../settings/SettingsPage'
import { describeUserAgent } from './describe-user-agent'

const sessionsQueryKey = ['sessions'] as const

/** Settings > active sessions: the user's sessions, this device marked, the others can be logged out. */
export function SessionsScreen() {
  const { t } = useTranslation()
  const api = useApi()
  const queryClient = useQueryClient()
  const messageOf = useErrorMessage()
  const sessions = useQuery({
    queryKey: sessionsQueryKey,
    queryFn: () => api.get('/api/sessions', arrayOf(activeSessionSchema)),
  })

  // Removing a row at once is safe: a failed revoke puts it back and says so.
  const revoke = useMutation({
    mutationFn: (id: string) =>
      api.delete(`/api/sessions/${encodeURIComponent(id)}`, undefined, okAnswerSchema),
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: sessionsQueryKey })
      const before = queryClient.getQueryData<ActiveSession[]>(sessionsQueryKey)
      queryClient.setQueryData<ActiveSession[]>(sessionsQueryKey, (list) =>
        list?.filter((row) => row.id !== id),
      )
      return { before }
    },
    onSuccess: () => notifications.show({ color: 'teal', message: t('sessions.revoked') }),
    onError: (error, _id, context) => {
      queryClient.setQueryData(sessionsQueryKey, context?.before)
      notifications.show({ color: 'red', title: t('errors.task_failed'), message: messageOf(error) })
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  })

  const ordered = [...(sessions.data ?? [])].sort(
    (a, b) => Number(b.current) - Number(a.current) || b.last_seen_at.localeCompare(a.last_seen_at),
  )

  return (
    <SettingsPage title={t('sessions.title')} intro={t('sessions.intro')}>
      {sessions.isPending ? (
        <PendingState />
      ) : sessions.isError ? (
        <ErrorState error={sessions.error} onRetry={() => void sessions.refetch()} />
      ) : (
        <Stack gap="sm" data-testid="sessions">
          {ordered.map((session) => (
            <SessionRow key={session.id} session={session} onRevoke={() => revoke.mutate(session.id)} />
          ))}
          {ordered.length === 1 && (
            <Text size="sm" c="dimmed">
              {t('sessions.empty')}
            </Text>
          )}
        </Stack>
      )}
    </SettingsPage>
  )
}

function SessionRow({ session, onRevoke }: { session: ActiveSession; onRevoke: () => void }) {
  const { t } = useTranslation()
  const format = useUserFormat()
  const agent = describeUserAgent(session.user_agent)
  const device = agent ? t('sessions.browser_on', agent) : t('sessions.unknown_device')
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      data-testid={`session-${session.id}`}
      data-current={session.current}
    >
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={2} miw={0} style={{ flex: '1 1 260px' }}>
          <Group gap="xs">
            <Text fw={600}>{device}</Text>
            {session.current && (
              <Badge color="teal" variant="light" size="sm">
                {t('sessions.this_device')}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {t('sessions.ip')}: {session.ip}
          </Text>
          <Text size="sm" c="dimmed">
            {t('sessions.started')}: {format.dateTime(session.created_at)}
          </Text>
          <Text size="sm" c="dimmed">
            {t('sessions.last_seen')}: {format.dateTime(session.last_seen_at)}
          </Text>
        </Stack>
        {!session.current && (
          <Button
            variant="light"
            color="red"
            size="xs"
            onClick={onRevoke}
            aria-label={t('sessions.revoke_label', { device })}
          >
            {t('sessions.revoke')}
          </Button>
        )}
      </Group>
    </Card>
  )
}
