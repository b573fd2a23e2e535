import { QueryClient } from '@tanstack/react-query'
import { ApiRequestError } from '../lib/api-error'

/** Answers the server gave on purpose (4xx) are not retried; lost connections and server errors are, twice. */
export function createQueryClient(options: { retryDelayMs?: number } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        retry: (failures, error) => failures < 2 && !isClientError(error),
        ...(options.retryDelayMs === undefined ? {} : { retryDelay: options.retryDelayMs }),
      },
      mutations: { retry: false },
    },
  })
}

function isClientError(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status >= 400 && error.status < 500
}
