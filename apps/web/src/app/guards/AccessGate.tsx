import { Navigate, Outlet } from 'react-router'
import { decideAccess } from '../../features/session/route-access'
import { SessionProvider } from '../../features/session/SessionProvider'
import { useMe } from '../../features/session/use-me'
import { useSessionState } from '../../features/session/use-session-state'
import { ErrorState } from '../ui/ErrorState'
import { PendingState } from '../ui/PendingState'

/** Lets its child routes render only for the right kind of visitor (spec 01 section 2). */
export function AccessGate({ area }: { area: 'public' | 'private' }) {
  const session = useSessionState()
  const { data: me, error, refetch } = useMe()
  const decision = decideAccess(area, session)
  switch (decision.kind) {
    case 'wait':
      return <PendingState fullPage />
    case 'redirect':
      return <Navigate to={decision.to} replace />
    case 'failed':
      return <ErrorState error={error} onRetry={() => void refetch()} fullPage />
    case 'render':
      return me ? (
        <SessionProvider session={me}>
          <Outlet />
        </SessionProvider>
      ) : (
        <Outlet />
      )
  }
}
