import { notifications } from '@mantine/notifications'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useApi } from '../../app/api-context'
import { useErrorMessage } from '../../app/ui/use-error-message'
import { okAnswer } from '../../lib/api'
import { reloadPage } from '../../lib/reload'
import { releasePushSubscription } from '../push/release-push-subscription'
import { endLocalSession } from '../session/end-session'

/** Spec 01 section 7: after `GET /logout` the session is cleared and the page reloaded, landing on login. */
export function useLogout() {
  const api = useApi()
  const queryClient = useQueryClient()
  const messageOf = useErrorMessage()
  const { t } = useTranslation()
  return useMutation({
    mutationFn: async () => {
      await releasePushSubscription(api)
      return api.get('/logout', okAnswer)
    },
    onSuccess: () => {
      endLocalSession(queryClient, api)
      // The reload drops whatever else this page still holds in memory and starts clean at /login.
      reloadPage('#/login')
    },
    onError: (error) =>
      notifications.show({ color: 'red', title: t('errors.task_failed'), message: messageOf(error) }),
  })
}
