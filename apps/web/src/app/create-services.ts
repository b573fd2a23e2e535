import type { i18n as I18n } from 'i18next'
import { endLocalSession } from '../features/session/end-session'
import { createApiClient } from '../lib/api'
import type { AppServices } from './AppProviders'
import { createQueryClient } from './query-client'

interface ServiceOptions {
  fetch?: typeof fetch
  retryDelayMs?: number
}

/** Wires the app's long-lived services once; tests call it with a fake fetch and no retry delay. */
export function createServices(i18n: I18n, options: ServiceOptions = {}): AppServices {
  const queryClient = createQueryClient(options)
  const api = createApiClient({
    getLang: () => i18n.language,
    // Spec 01 section 7: a call refused for lack of a session ends it here too; the route guard then shows login.
    onNotAuthenticated: () => endLocalSession(queryClient, api),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  })
  return { i18n, queryClient, api }
}
