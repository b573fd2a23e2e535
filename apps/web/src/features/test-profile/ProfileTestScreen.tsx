import {
  type ProfileTestAnswer,
  type ProfileTestChannel,
  profileTestChannels,
  profileTestCooldownSeconds,
} from '@kropla/domain'
import { Alert, Anchor, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { FailureAlert } from '../../app/ui/FailureAlert'
import { PageFrame } from '../../app/ui/PageFrame'
import { formatDateTime } from '../../lib/format-date'
import { PushSwitch } from '../push/PushSwitch'
import { useSession } from '../session/use-session'
import { useProfileTest } from './test-profile-api'

const profilePath = '/settings/profile'

function Outcome({ answer }: { answer: ProfileTestAnswer }) {
  const { t } = useTranslation()
  const { user } = useSession()
  // In the farm's zone, like every time of the test area.
  const time = formatDateTime(answer.sent_at, user.date_format, user.client_time_zone)
  if (answer.status === 'sent')
    return (
      <Alert color="green" data-testid={`profile-test-${answer.channel}-sent`}>
        {t(`test_profile.sent_${answer.channel}`, { time, count: Number(answer.to ?? 0) })}
      </Alert>
    )
  const reasons = {
    no_phone: t('test_profile.reason_no_phone'),
    no_push_subscription: t('test_profile.reason_no_push_subscription'),
    push_subscriptions_expired: t('test_profile.reason_push_subscriptions_expired'),
    provider_refused: t(`test_profile.reason_provider_refused_${answer.channel}`),
  }
  const reason = reasons[answer.reason ?? 'provider_refused']
  return (
    <Alert
      color="red"
      role="alert"
      title={t('test_profile.failed')}
      data-testid={`profile-test-${answer.channel}-failed`}
    >
      <Stack gap={4}>
        <Text size="sm" data-testid="profile-test-reason">
          {reason}
        </Text>
        {answer.detail && (
          <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
            {t('test_profile.detail', { detail: answer.detail })}
          </Text>
        )}
        {answer.reason === 'no_phone' && (
          <Anchor component={Link} to={profilePath} size="sm">
            {t('test_profile.open_profile')}
          </Anchor>
        )}
      </Stack>
    </Alert>
  )
}

function ChannelCard({ channel }: { channel: ProfileTestChannel }) {
  const { t } = useTranslation()
  const { user } = useSession()
  const test = useProfileTest(channel)
  const to =
    channel === 'email'
      ? user.email
      : channel === 'sms'
        ? user.phone.trim() || t('test_profile.no_phone_set')
        : null
  return (
    <Card withBorder radius="md" padding="sm" data-testid={`profile-test-${channel}`}>
      <Stack gap="xs">
        <Group justify="space-between" align="center" gap="xs">
          <Text fw={600}>{t(`test_profile.${channel}`)}</Text>
          <Button
            size="sm"
            onClick={() => test.mutate()}
            loading={test.isPending}
            data-testid={`profile-test-${channel}-send`}
          >
            {t('test_profile.send')}
          </Button>
        </Group>
        {to !== null && (
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {t('test_profile.to', { to })}
          </Text>
        )}
        {channel === 'push' && <PushSwitch />}
        {test.isError && <FailureAlert error={test.error} testId={`profile-test-${channel}-refused`} />}
        {test.isSuccess && <Outcome answer={test.data} />}
      </Stack>
    </Card>
  )
}

/** /test/profile: a test message to oneself by e-mail, SMS and push, and whether it went or why not. */
export function ProfileTestScreen() {
  const { t } = useTranslation()
  return (
    <PageFrame
      title={t('test_profile.title')}
      intro={t('test_profile.intro')}
      back={{ to: '/test', label: t('nav.test') }}
      maxWidth={1100}
    >
      <Text size="xs" c="dimmed">
        {t('test_profile.limit', { seconds: profileTestCooldownSeconds })}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm">
        {profileTestChannels.map((channel) => (
          <ChannelCard key={channel} channel={channel} />
        ))}
      </SimpleGrid>
    </PageFrame>
  )
}
