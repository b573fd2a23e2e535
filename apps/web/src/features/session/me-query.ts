import { type MeResponse, meResponseSchema } from '@kropla/domain'
import type { ApiClient } from '../../lib/api'
import { isApiError } from '../../lib/api-error'

export const meQueryKey = ['me'] as const

/** The session as the browser knows it: `null` means nobody is logged in, which is an answer, not a failure. */
export async function fetchMe(api: ApiClient): Promise<MeResponse | null> {
  try {
    return await api.get('/api/me', meResponseSchema)
  } catch (error) {
    if (isApiError(error, 'not_authenticated')) return null
    throw error
  }
}
