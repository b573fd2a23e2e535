import { useTranslation } from 'react-i18next'
import { useNow } from '../dashboard/use-now'
import { formatAge } from './format-age'

/**
 * How old a value is, in words in the user's language ("3 hours ago"), renewed every half minute:
 * beside a value, so a value the app kept through a dead zone never passes for a fresh one.
 */
export function ValueAge({ at, testId }: { at: string | null | undefined; testId?: string }) {
  const { i18n } = useTranslation()
  const now = useNow(30_000)
  const time = at ? Date.parse(at) : Number.NaN
  if (!Number.isFinite(time)) return null
  return <span data-testid={testId}>{formatAge(time, Math.max(now, Date.now()), i18n.language)}</span>
}
