import { lazy, Suspense, useEffect } from 'react'
import { closeHistory, useHistoryTarget } from './open-history'

const HistoryDialog = lazy(() =>
  import('./HistoryDialog').then((module) => ({ default: module.HistoryDialog })),
)

/** Mounted once in the main layout: shows the history dialog whenever openHistory() asks. */
export function HistoryDialogHost() {
  const target = useHistoryTarget()
  // Leaving the signed-in frame (logout, another account) closes it: it is not reopened later.
  useEffect(() => closeHistory, [])
  if (!target) return null
  return (
    <Suspense fallback={null}>
      <HistoryDialog key={`${target.idObject}:${target.field}`} target={target} onClose={closeHistory} />
    </Suspense>
  )
}
