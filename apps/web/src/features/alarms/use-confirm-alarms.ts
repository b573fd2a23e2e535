import { notifications } from '@mantine/notifications'
import { useTranslation } from 'react-i18next'
import { useErrorMessage } from '../../app/ui/use-error-message'
import { useConfirmAlarm, useConfirmAllAlarms } from './alarms-api'

/** Confirming one alarm or all of them (spec 01 section 4): confirmed by this user, now. */
export function useConfirmAlarms() {
  const { t } = useTranslation()
  const messageOf = useErrorMessage()
  const onError = (error: unknown) =>
    notifications.show({ color: 'red', title: t('errors.task_failed'), message: messageOf(error) })

  const confirm = useConfirmAlarm({
    onSuccess: () => {
      notifications.show({ color: 'teal', message: t('alarms.confirmed') })
    },
    onError,
  })
  const confirmAll = useConfirmAllAlarms({
    onSuccess: ({ confirmed }) => {
      notifications.show({ color: 'teal', message: t('alarms.confirmed_all', { count: confirmed }) })
    },
    onError,
  })
  return { confirm, confirmAll }
}
