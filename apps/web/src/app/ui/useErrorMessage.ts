import { useTranslation } from 'react-i18next'
import { ApiRequestError } from '../../lib/api-error'
import { translateKey } from '../../lib/translate-key'

/**
 * The words to show for a failure: our catalogue's wording of the error code first, so the text
 * follows a language switch; the server's message for codes the catalogue does not know.
 */
export function useErrorMessage(): (error: unknown) => string {
  const { t, i18n } = useTranslation()
  return (error) => {
    if (!(error instanceof ApiRequestError)) return t('errors.internal')
    return translateKey(i18n, `errors.${error.code}`, error.serverMessage || t('errors.internal'))
  }
}
