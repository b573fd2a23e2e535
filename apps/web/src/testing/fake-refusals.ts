import { type Lang, translate } from '@kropla/i18n'

/**
 * The body of the server's 400 for a request its schema refused, as the fakes answer it: the code,
 * its message and each issue's path and message in `lang`.
 */
export function validationFailed(
  lang: Lang,
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
) {
  return {
    error: 'validation_failed',
    message: translate(lang, 'errors.validation_failed'),
    issues: issues.map((issue) => ({
      path: issue.path.map(String).join('.'),
      message: translate(lang, issue.message),
    })),
  }
}
