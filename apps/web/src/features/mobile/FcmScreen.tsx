import { Alert, Button, Card, Group, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FailureAlert } from '../../app/ui/FailureAlert'
import { findPushRegistration } from '../push/push-platform'
import { usePushSubscription } from '../push/use-push-subscription'
import { useUserFormat } from '../session/use-user-format'
import { DeviceScreenFrame } from './DeviceScreenFrame'
import { pushSupport } from './device-support'
import { useLastPush } from './last-push'
import { usePushTest } from './mobile-api'

/** This browser's own subscription endpoint, or null when it has none. */
async function ownEndpoint(): Promise<string | null> {
  const registration = await findPushRegistration()
  const subscription = registration ? await registration.pushManager.getSubscription() : null
  return subscription?.endpoint ?? null
}

/**
 * `/mobile/fcm`: push notifications for this device (Web Push, the alarms' own channel): turn them
 * on or off, send this device a test, and see the last one received here.
 */
export function FcmScreen() {
  const { t } = useTranslation()
  const format = useUserFormat()
  const support = pushSupport()
  const { state, isBusy, change } = usePushSubscription()
  const [changeError, setChangeError] = useState<unknown>(null)
  const last = useLastPush()
  const test = usePushTest(ownEndpoint)

  const switchTo = (isOn: boolean) => {
    setChangeError(null)
    test.reset()
    change(isOn).catch((error: unknown) => setChangeError(error))
  }

  return (
    <DeviceScreenFrame
      title={t('nav.fcm')}
      intro={t('mobile_devices.fcm_intro')}
      support={support}
      unsupportedKey="fcm_unsupported"
      unsupportedTestId="fcm-unsupported"
    >
      {support === 'supported' && (
        <Card withBorder>
          <Stack gap="sm">
            <Text fw={500} data-testid="fcm-state" data-state={state}>
              {state === 'on'
                ? t('mobile_devices.fcm_on')
                : state === 'denied'
                  ? t('mobile_devices.fcm_denied')
                  : state === 'checking'
                    ? '…'
                    : t('mobile_devices.fcm_off')}
            </Text>
            {changeError != null && (
              <Alert color="red" variant="light" data-testid="fcm-change-failed">
                {t('mobile_devices.fcm_failed')}
              </Alert>
            )}
            <Group gap="xs">
              {state === 'on' ? (
                <Button variant="default" loading={isBusy} onClick={() => switchTo(false)}>
                  {t('mobile_devices.fcm_unsubscribe')}
                </Button>
              ) : (
                <Button
                  loading={isBusy}
                  disabled={state === 'denied' || state === 'checking'}
                  onClick={() => switchTo(true)}
                  data-testid="fcm-subscribe"
                >
                  {t('mobile_devices.fcm_subscribe')}
                </Button>
              )}
              <Button
                variant="light"
                disabled={state !== 'on'}
                loading={test.isPending}
                onClick={() => test.mutate()}
                data-testid="fcm-test"
              >
                {t('mobile_devices.fcm_test')}
              </Button>
            </Group>
            {test.isSuccess && (
              <Alert color="teal" variant="light" data-testid="fcm-test-sent">
                {t('mobile_devices.fcm_test_sent')}
              </Alert>
            )}
            {test.isError && <FailureAlert error={test.error} testId="fcm-test-failed" />}
          </Stack>
        </Card>
      )}
      <Card withBorder data-testid="fcm-last">
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            {t('mobile_devices.fcm_last')}
          </Text>
          {last ? (
            <>
              <Text fw={600}>{last.title}</Text>
              {last.body && <Text>{last.body}</Text>}
              <Text size="sm" c="dimmed">
                {format.dateTime(last.received_at)}
              </Text>
            </>
          ) : (
            <Text>{t('mobile_devices.fcm_none')}</Text>
          )}
        </Stack>
      </Card>
    </DeviceScreenFrame>
  )
}
