import { manualOpenRoutes } from '@kropla/domain'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useApi } from '../../app/api-context'
import { callRoute } from '../../lib/call-route'
import { useOutputsPlans } from '../calendar/plans-api'
import { manualOpensQueryKey } from '../realtime/irrigation-events'

/** GET /api/manual_opens: the account's busy manual opens; the `manual_opens` event keeps it current. */
export function useManualOpens() {
  const api = useApi()
  return useQuery({
    queryKey: manualOpensQueryKey,
    queryFn: () => callRoute(api, manualOpenRoutes.list),
  })
}

const hourMs = 3_600_000

/**
 * The plans that can make an output busy now: those around the moment the screen opened (a run
 * is at most 1440 minutes long). Live events add later ones to the same window.
 */
export function usePlansAroundNow() {
  const [window] = useState(() => {
    const now = Date.now()
    return { from: new Date(now - 25 * hourMs).toISOString(), to: new Date(now + 48 * hourMs).toISOString() }
  })
  return useOutputsPlans(window.from, window.to)
}
