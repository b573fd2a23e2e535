import { useTranslation } from 'react-i18next'
import { ApiRequestError } from '../../lib/api-error'
import { translateKey } from '../../lib/translate-key'

/** The words to show for a failure: the server's own localized message first, then our catalogue. */
export function useErrorMessage(): (error: unknown) => string {
  const { t, i18n } = useTranslation()
  return (error) => {
    if (!(error instanceof ApiRequestError)) return t('errors.internal')
    return error.serverMessage || translateKey(i18n, `errors.${error.code}`, t('errors.internal'))
  }
}
