import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { ErrorState } from './ErrorState'
import { PendingState } from './PendingState'

interface LoadedProps<Data> {
  query: UseQueryResult<Data>
  children: (data: Data) => ReactNode
}

/** A screen part drawn from a query: the wait, the failure with a retry, or the data. */
export function Loaded<Data>({ query, children }: LoadedProps<Data>) {
  if (query.isPending) return <PendingState />
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />
  return children(query.data)
}
