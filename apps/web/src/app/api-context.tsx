import { createContext, type ReactNode, useContext } from 'react'
import type { ApiClient } from '../lib/api'

const ApiContext = createContext<ApiClient | null>(null)

export function ApiProvider({ client, children }: { client: ApiClient; children: ReactNode }) {
  return <ApiContext value={client}>{children}</ApiContext>
}

export function useApi(): ApiClient {
  const client = useContext(ApiContext)
  if (!client) throw new Error('useApi needs an ApiProvider above it')
  return client
}
