import type { ActiveSession } from '@kropla/domain'
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useTranslation } from 'react-i18next'
import { Loaded } from '../../app/ui/Loaded'
import { useErrorMessage } from '../../app/ui/use-error-message'
import { useUserFormat } from '../session/use-user-format'
import { SettingsPage } from '../settings/SettingsPage'
import { describeUserAgent } from './describe-user-agent'
import { useRevokeSession, useSessions } from './sessions-api'

/** Settings > active sessions: the user's sessions, this device marked, the others can be logged out. */
export function SessionsScreen() {
  const { t } = useTranslation()
  const messageOf = useErrorMessage()
  const sessions = useSessions()

  // Removing a row at once is safe: a failed revoke puts it back and says so.
  const revoke = useRevokeSession({
    onSuccess: () => notifications.show({ color: 'teal', message: t('sessions.revoked') }),
    onError: (error) =>
      notifications.show({ color: 'red', title: t('errors.task_failed'), message: messageOf(error) }),
  })

  return (
    <SettingsPage title={t('sessions.title')} intro={t('sessions.intro')}>
      <Loaded query={sessions}>
        {(list) => {
          const ordered = [...list].sort(
            (a, b) => Number(b.current) - Number(a.current) || b.last_seen_at.localeCompare(a.last_seen_at),
          )
          return (
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
          )
        }}
      </Loaded>
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
