import { useTranslation } from 'react-i18next'
import { ApiRequestError } from '../../lib/api-error'
import { translateKey } from '../../lib/translate-key'

/**
 * The words to show for a failure: our catalogue's wording of the error code first, so the text
 * follows a language switch; the server's message for codes the catalogue does not know, and for
 * wordings that carry the server's own details (the provider's mailboxes of an expired account).
 */
export function useErrorMessage(): (error: unknown) => string {
  const { t, i18n } = useTranslation()
  return (error) => {
    if (!(error instanceof ApiRequestError)) return t('errors.internal')
    const key = `errors.${error.code}`
    const fallback = error.serverMessage || t('errors.internal')
    if (!i18n.exists(key)) return fallback
    const raw: unknown = i18n.getResource(i18n.language, 'translation', key)
    if (typeof raw !== 'string' || !raw.includes('{{')) return String(i18n.t(key as never))
    if (error.code === 'too_many_attempts' && error.retryAfterSeconds !== null) {
      return t('errors.too_many_attempts', { seconds: error.retryAfterSeconds })
    }
    return error.serverMessage || translateKey(i18n, 'errors.internal', fallback)
  }
}
