import { Stack, Switch, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useTranslation } from 'react-i18next'
import { useErrorMessage } from '../../app/ui/use-error-message'
import { ApiRequestError } from '../../lib/api-error'
import { usePushSubscription } from './use-push-subscription'

/**
 * "Mobile app / browser notifications": subscribes this browser to the alarm pushes. It acts at
 * once (it is about this device, not a profile field saved with the form).
 */
export function PushSwitch() {
  const { t } = useTranslation()
  const messageOf = useErrorMessage()
  const { state, isBusy, change } = usePushSubscription()
  const hint =
    state === 'unsupported'
      ? t('push.unsupported')
      : state === 'denied'
        ? t('push.denied')
        : t('push.description')

  const onChange = (isOn: boolean) => {
    change(isOn).then(
      (next) => {
        if (next === 'on') notifications.show({ color: 'teal', message: t('push.enabled') })
        if (next === 'off' && !isOn) notifications.show({ color: 'teal', message: t('push.disabled') })
      },
      (error: unknown) =>
        notifications.show({
          color: 'red',
          title: t('push.failed'),
          // A browser's own refusal (no push service, say) has no wording of ours: the title says it.
          message: error instanceof ApiRequestError ? messageOf(error) : t('errors.task_failed'),
        }),
    )
  }

  return (
    <Stack gap={4} mt="md" data-testid="push-switch" data-state={state}>
      <Switch
        label={t('push.label')}
        checked={state === 'on'}
        disabled={state === 'unsupported' || state === 'checking' || state === 'denied' || isBusy}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
      <Text size="xs" c={state === 'denied' ? 'orange' : 'dimmed'}>
        {hint}
      </Text>
    </Stack>
  )
}
