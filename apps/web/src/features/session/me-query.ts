import type { MeResponse } from '@kropla/domain'
import { queryOptions } from '@tanstack/react-query'
import { type ApiClient, parsedOnDemand } from '../../lib/api'
import { isApiError } from '../../lib/api-error'

export const meQueryKey = ['me'] as const

/**
 * Loaded only once there is a session to read: a logged-out visit (the login page's first load)
 * never downloads zod. The answer is still checked by its schema before anything uses it.
 */
const meAnswer = parsedOnDemand(async () => (await import('./me-schema')).meResponseSchema)

/** The session as the browser knows it: `null` means nobody is logged in, which is an answer, not a failure. */
export async function fetchMe(api: ApiClient): Promise<MeResponse | null> {
  try {
    return await api.get('/api/me', meAnswer)
  } catch (error) {
    if (isApiError(error, 'not_authenticated')) return null
    throw error
  }
}

/**
 * Spec 01 section 7: `/api/me` is read on first navigation and on reload only; afterwards the
 * socket keeps it current, so it never goes stale on its own. After a failure, screens that mount
 * (the login screen shown instead) must not refetch it, or the wait and the screen would alternate.
 */
export function meQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: meQueryKey,
    queryFn: () => fetchMe(api),
    staleTime: Number.POSITIVE_INFINITY,
    retryOnMount: false,
  })
}
