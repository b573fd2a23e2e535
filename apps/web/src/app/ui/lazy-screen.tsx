import { type ComponentType, type LazyExoticComponent, Suspense } from 'react'
import { PendingState } from './PendingState'

/** A lazily loaded screen as a route's element: the loading state until its chunk has arrived. */
export function lazyScreen(Screen: LazyExoticComponent<ComponentType>) {
  return (
    <Suspense fallback={<PendingState />}>
      <Screen />
    </Suspense>
  )
}
