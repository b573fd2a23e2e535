import { createContext, type ReactNode, useContext } from 'react'
import type { ApiClient } from '../lib/api'

/**
 * The API client, handed down from the composition root. Only a feature's hooks take it
 * (`useApi`), so that every call of a screen has one place with its cache key (ADR 0090).
 */
const ApiContext = createContext<ApiClient | null>(null)

export function ApiProvider({ client, children }: { client: ApiClient; children: ReactNode }) {
  return <ApiContext value={client}>{children}</ApiContext>
}

export function useApi(): ApiClient {
  const client = useContext(ApiContext)
  if (!client) throw new Error('useApi needs an ApiProvider above it')
  return client
}
