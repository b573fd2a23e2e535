import type { LangRequest, MeResponse } from '@kropla/domain'
import type { Lang } from '@kropla/i18n/lang'
import { notifications } from '@mantine/notifications'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useApi } from '../../app/api-context'
import { langAnswer } from '../../lib/api'
import { meQueryKey } from '../session/me-query'
import { useMe } from '../session/use-me'
import { shareLangWithServer, storeLang } from './choose-language'

/** Switches the interface language at once, remembers it on this device and, when logged in, on the account. */
export function useChangeLanguage(): (lang: Lang) => void {
  const { i18n } = useTranslation()
  const api = useApi()
  const queryClient = useQueryClient()
  const { data: me } = useMe()

  return (lang) => {
    void i18n.changeLanguage(lang)
    storeLang(localStorage, lang)
    shareLangWithServer(document, lang)
    if (!me) return
    const body: LangRequest = { lang }
    api
      .put('/api/users/lang', body, langAnswer)
      .then(() => {
        queryClient.setQueryData<MeResponse | null>(meQueryKey, (current) =>
          current ? { ...current, user: { ...current.user, lang } } : current,
        )
        // The demo farm relabels its modules and outputs in the new language (ADR 0071).
        void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] })
      })
      .catch(() => notifications.show({ color: 'red', message: i18n.t('errors.changes_not_saved') }))
  }
}
