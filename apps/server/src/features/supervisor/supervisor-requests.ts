import {
  type ActiveSocketsAck,
  isAdminus,
  type SupervisorHistoryAck,
  supervisorHistoryRequestSchema,
} from '@kropla/domain'
import { translate } from '@kropla/i18n'
import type { Realtime, SocketRequestContext } from '../../realtime/socket-server'
import type { SupervisorDal } from './supervisor-dal'
import type { TrafficRecorder } from './traffic-recorder'

/**
 * The operator's socket requests of /supervisor: `active_sockets` (who is connected, from where,
 * since when) and `supervisor_history_request` (module traffic per minute and the last messages).
 * Adminus only: anyone else is answered `access_denied` and learns nothing.
 */
export function registerSupervisorRequests(deps: {
  realtime: Pick<Realtime, 'handleRequest' | 'activeSockets'>
  dal: SupervisorDal
  traffic: TrafficRecorder
}) {
  const { realtime, dal, traffic } = deps
  const denied = (context: SocketRequestContext) => ({
    err: 'access_denied',
    message: translate(context.lang, 'errors.access_denied'),
  })
  const isOperator = async (context: SocketRequestContext) => {
    const type = await dal.userType(context.userId)
    return type !== null && isAdminus(type)
  }

  realtime.handleRequest('active_sockets', async (context): Promise<ActiveSocketsAck> => {
    if (!(await isOperator(context))) return denied(context)
    const sockets = await realtime.activeSockets()
    const names = await dal.names(
      [...new Set(sockets.map((socket) => socket.userId))],
      [...new Set(sockets.map((socket) => socket.idClient))],
    )
    return {
      ok: true,
      sockets: sockets
        .map((socket) => ({
          id: socket.id,
          id_user: socket.userId,
          email: names.email.get(socket.userId) ?? '',
          id_client: socket.idClient,
          client_name: names.client.get(socket.idClient) ?? '',
          address: socket.address ?? '',
          user_agent: socket.userAgent ?? '',
          connected_at: socket.connectedAt ?? '',
        }))
        .sort((a, b) => b.connected_at.localeCompare(a.connected_at)),
    }
  })

  realtime.handleRequest(
    'supervisor_history_request',
    async (context, payload): Promise<SupervisorHistoryAck> => {
      if (!(await isOperator(context))) return denied(context)
      const request = supervisorHistoryRequestSchema.safeParse(payload ?? undefined)
      if (!request.success)
        return { err: 'validation_failed', message: translate(context.lang, 'errors.validation_failed') }
      return { ok: true, ...traffic.history(request.data?.minutes ?? 60) }
    },
  )
}
