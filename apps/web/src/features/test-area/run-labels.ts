import type { TestItemResult, TestRunResult } from '@kropla/domain'
import type { i18n as I18n } from 'i18next'
import { translateKey } from '../../lib/translate-key'

/** The badge colour of a run's or an item's result (the theme keeps light badges at AA contrast). */
export function resultColour(result: TestRunResult | TestItemResult): string {
  switch (result) {
    case 'pass':
      return 'teal'
    case 'fail':
      return 'red'
    case 'partial':
      return 'orange'
    case 'running':
      return 'blue'
    default:
      return 'gray'
  }
}

/** Why an item or a run failed, in the user's language (an `errors.<code>` of the catalogue). */
export function reasonText(i18n: I18n, reason: string | null | undefined): string {
  return reason ? translateKey(i18n, `errors.${reason}`, reason) : ''
}
