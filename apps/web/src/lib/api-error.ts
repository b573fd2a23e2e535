import type { ApiError } from '@kropla/domain'

/** A failed call: the server's error code and localized message, or `network` when no answer came. */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError'

  constructor(
    readonly status: number,
    readonly code: string,
    /** The server's own wording, already in the user's language; empty when the server sent none. */
    readonly serverMessage: string,
    readonly issues: NonNullable<ApiError['issues']> = [],
    /** From a `retry-after` header (429 too_many_attempts): how long to wait before trying again. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(serverMessage || code)
  }
}

export function isApiError(error: unknown, code?: string): error is ApiRequestError {
  return error instanceof ApiRequestError && (code === undefined || error.code === code)
}
