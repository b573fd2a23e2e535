import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { ErrorState } from '../../app/ui/ErrorState'
import { PendingState } from '../../app/ui/PendingState'

/** A form that needs several lists (modules, outputs, water sources): the wait, a failure, or the form. */
export function LoadedAll({
  queries,
  children,
}: {
  queries: readonly UseQueryResult[]
  children: () => ReactNode
}) {
  const failed = queries.find((query) => query.isError)
  if (failed)
    return (
      <ErrorState
        error={failed.error}
        onRetry={() => {
          for (const query of queries) if (query.isError) void query.refetch()
        }}
      />
    )
  if (queries.some((query) => query.isPending)) return <PendingState />
  return children()
}
