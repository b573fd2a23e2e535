import type { MeResponse } from '@kropla/domain'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useApi } from '../../app/api-context'
import { createRealtimeSocket } from '../../lib/socket'
import { endLocalSession } from '../session/end-session'
import { meQueryKey } from '../session/me-query'
import { mergeLiveData } from './merge-live-data'
import { mergeObjectConnection } from './merge-object-connection'

export type ConnectionState = 0 | 1

/**
 * Holds the real-time channel open while a user is logged in (the main layout mounts it) and
 * returns its state, 1 connected or 0 disconnected (spec 01 section 4).
 */
export function useRealtime(idClient: number): ConnectionState {
  const queryClient = useQueryClient()
  const api = useApi()
  const [state, setState] = useState<ConnectionState>(0)

  useEffect(() => {
    const socket = createRealtimeSocket()
    const updateMe = (update: (me: MeResponse) => MeResponse) =>
      queryClient.setQueryData<MeResponse | null>(meQueryKey, (me) => (me ? update(me) : me))
    let hasConnectedBefore = false

    socket.on('connect', () => {
      setState(1)
      // Readings pushed while the channel was down are lost; read them once instead of waiting for the next ones.
      if (hasConnectedBefore) void queryClient.invalidateQueries({ queryKey: meQueryKey })
      hasConnectedBefore = true
    })
    socket.on('disconnect', () => setState(0))
    socket.on('data', (rows) => updateMe((me) => mergeLiveData(me, rows)))
    socket.on('objects_connection', (event) => updateMe((me) => mergeObjectConnection(me, event)))
    socket.on('authorize', ({ id_client }) => {
      // Spec 01 section 4: the session now belongs to another client account, so everything shown is stale.
      if (id_client !== idClient) window.location.reload()
    })
    socket.on('log_out', () => endLocalSession(queryClient, api))
    socket.connect()

    return () => {
      socket.removeAllListeners()
      socket.disconnect()
    }
  }, [idClient, queryClient, api])

  return state
}
