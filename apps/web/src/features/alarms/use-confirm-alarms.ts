import { type AlarmRow, alarmRowSchema, confirmAllAlarmsAnswerSchema } from '@kropla/domain'
import { notifications } from '@mantine/notifications'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useApi } from '../../app/api-context'
import { useErrorMessage } from '../../app/ui/use-error-message'
import { alarmCountsQueryKey, alarmsQueryKey, mergeAlarmRows } from './alarms-api'

/** Confirming one alarm or all of them (spec 01 section 4): confirmed by this user, now. */
export function useConfirmAlarms() {
  const { t } = useTranslation()
  const api = useApi()
  const queryClient = useQueryClient()
  const messageOf = useErrorMessage()
  const onError = (error: unknown) =>
    notifications.show({ color: 'red', title: t('errors.task_failed'), message: messageOf(error) })

  const confirm = useMutation({
    mutationFn: (row: AlarmRow) => api.post(`/api/alarms/${row.id}/confirm`, undefined, alarmRowSchema),
    onSuccess: (row) => {
      mergeAlarmRows(queryClient, [row])
      void queryClient.invalidateQueries({ queryKey: alarmCountsQueryKey })
      notifications.show({ color: 'teal', message: t('alarms.confirmed') })
    },
    onError,
  })
  const confirmAll = useMutation({
    mutationFn: () => api.post('/api/alarms/confirm_all', undefined, confirmAllAlarmsAnswerSchema),
    onSuccess: ({ confirmed }) => {
      void queryClient.invalidateQueries({ queryKey: alarmsQueryKey })
      notifications.show({ color: 'teal', message: t('alarms.confirmed_all', { count: confirmed }) })
    },
    onError,
  })
  return { confirm, confirmAll }
}
