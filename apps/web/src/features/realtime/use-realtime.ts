import {
  type ActiveSocketsAck,
  activeSocketsAckSchema,
  type HistoryRequest,
  type LiveDataRow,
  type MeResponse,
  type SocketLimitRefusal,
  type SupervisorHistoryAck,
  type SwitchClientAck,
  socketLimitRefusalSchema,
  supervisorHistoryAckSchema,
  switchClientAckSchema,
  type WidgetIrrigationAck,
  type WidgetIrrigationRequest,
  widgetIrrigationAckSchema,
} from '@kropla/domain'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useApi } from '../../app/api-context'
import { okAnswer } from '../../lib/api'
import { reloadPage } from '../../lib/reload'
import { createRealtimeSocket, type RealtimeSocket } from '../../lib/socket'
import { applyAlarmRows, applyBaseAlarms } from '../alarms/alarm-events'
import { applyUserMessage } from '../messages/user-message-event'
import { applyObjectConfigState } from '../modules/object-config-event'
import { endLocalSession } from '../session/end-session'
import { meQueryKey } from '../session/me-query'
import { applyTestRun } from '../test-area/test-runs-api'
import { emitWithTimeout, requestWithAck } from './emit-with-timeout'
import { applyIrrigationEvents, type SendIrrigationRequest, sendIrrigationRequest } from './irrigation-events'
import { mergeLiveData } from './merge-live-data'
import { mergeObjectConnection } from './merge-object-connection'
import { onServerEvent } from './on-server-event'

export type ConnectionState = 0 | 1

/** Why the server refused the channel: too many connections of this user or from this address. */
export interface RealtimeRefusal {
  code: SocketLimitRefusal['message']
  limit: number
}

export interface Realtime {
  /** 1 connected, 0 disconnected (spec 01 section 4). */
  connection: ConnectionState
  /**
   * Set when the server refused the channel for too many connections (SOCKET_MAX_PER_USER or
   * SOCKET_MAX_PER_ADDRESS): socket.io does not try again after a refusal, so the page says why
   * and offers a reload.
   */
  refusal: RealtimeRefusal | null
  /** Asks the server to move this session to another client account; rejects with the server's answer. */
  /** `reason`: an operator's support access into someone else's account (the audit log keeps it). */
  switchClient: (idClient: number, reason?: string) => Promise<void>
  /** Sends a manual control request; resolves with the acknowledgement (`err` on failure). */
  sendIrrigation: SendIrrigationRequest
  /**
   * Sends `history_request`; resolves with the acknowledgement as it came (the history feature
   * parses it with its schema), or with `{ err }` when the channel is down or the server is silent.
   */
  requestHistory: (payload: HistoryRequest) => Promise<unknown>
  /**
   * Hears every `data` event after the session cache took it in; returns the unsubscribe. A
   * dashboard holds one such listener for all its widgets.
   */
  onData: (listener: (rows: LiveDataRow[]) => void) => () => void
  /** `widget_irrigation`: the irrigation state of outputs; `err` on failure or silence. */
  widgetIrrigation: (request: WidgetIrrigationRequest) => Promise<WidgetIrrigationAck>
  /** /supervisor (Adminus): `active_sockets`, parsed; `err` on failure or silence. */
  activeSockets: () => Promise<ActiveSocketsAck>
  /** /supervisor (Adminus): `supervisor_history_request`, parsed; `err` on failure or silence. */
  supervisorHistory: (minutes: number) => Promise<SupervisorHistoryAck>
}

/** A history request unanswered for this long counts as failed. */
const historyAckTimeoutMs = 30_000

/** How long a switch may wait for its acknowledgement before it counts as failed. */
const switchAckTimeoutMs = 15_000

/**
 * Holds the real-time channel open while a user is logged in (the main layout mounts it) and
 * handles the server-pushed session events of spec 01 section 4.
 */
export function useRealtime(idClient: number): Realtime {
  const queryClient = useQueryClient()
  const { i18n } = useTranslation()
  const api = useApi()
  const [connection, setConnection] = useState<ConnectionState>(0)
  const [refusal, setRefusal] = useState<RealtimeRefusal | null>(null)
  const socketRef = useRef<RealtimeSocket | null>(null)
  const dataListeners = useRef(new Set<(rows: LiveDataRow[]) => void>())

  useEffect(() => {
    const socket = createRealtimeSocket()
    socketRef.current = socket
    const updateMe = (update: (me: MeResponse) => MeResponse) =>
      queryClient.setQueryData<MeResponse | null>(meQueryKey, (me) => (me ? update(me) : me))
    let hasConnectedBefore = false

    socket.on('connect', () => {
      setConnection(1)
      setRefusal(null)
      // Readings pushed while the channel was down are lost; read them once instead of waiting for the next ones.
      if (hasConnectedBefore) void queryClient.invalidateQueries({ queryKey: meQueryKey })
      hasConnectedBefore = true
    })
    socket.on('disconnect', () => setConnection(0))
    socket.on('connect_error', (error) => {
      const refused = socketLimitRefusalSchema.safeParse(error)
      if (refused.success) setRefusal({ code: refused.data.message, limit: refused.data.data.limit })
    })
    onServerEvent(socket, 'data', (rows) => {
      updateMe((me) => mergeLiveData(me, rows))
      for (const listener of dataListeners.current) listener(rows)
    })
    onServerEvent(socket, 'objects_connection', (event) => updateMe((me) => mergeObjectConnection(me, event)))
    // A module's reconfiguration started or ended: the module page's warning follows.
    onServerEvent(socket, 'objects_config', (event) => applyObjectConfigState(queryClient, event))
    onServerEvent(socket, 'user_message', (event) => applyUserMessage(queryClient, event, i18n))
    onServerEvent(socket, 'authorize', ({ id_client }) => {
      // The session now belongs to another client account, so everything shown is stale.
      if (id_client !== idClient) reloadPage()
    })
    // The switch is done on the server: start again from the start screen of the other account.
    onServerEvent(socket, 'switch_client', () => reloadPage('#/'))
    onServerEvent(socket, 'user_client_change', (event) => {
      if (event.id_client !== idClient) {
        // Another account this user may switch to changed: only the list of accounts is stale.
        void queryClient.invalidateQueries({ queryKey: meQueryKey })
        return
      }
      // Deleted, or the role changed: a full logout, so nothing of the old rights stays in this page.
      void api
        .get('/logout', okAnswer)
        .catch(() => undefined)
        .then(() => {
          endLocalSession(queryClient, api)
          reloadPage('#/login')
        })
    })
    socket.on('log_out', () => endLocalSession(queryClient, api))
    // Alarms raised, ended, confirmed or removed: the lists follow and new ones are announced.
    onServerEvent(socket, 'alarms', (rows) => applyAlarmRows(queryClient, rows))
    onServerEvent(socket, 'base_alarms', (counts) => applyBaseAlarms(queryClient, counts))
    applyIrrigationEvents(socket, queryClient)
    // A test run started, moved on or ended: the test area's history and screens follow.
    onServerEvent(socket, 'test_runs', (run) => applyTestRun(queryClient, run))
    socket.connect()

    return () => {
      socketRef.current = null
      socket.removeAllListeners()
      socket.disconnect()
    }
  }, [idClient, queryClient, api, i18n])

  const switchClient = useCallback(async (target: number, reason?: string) => {
    const request = reason === undefined ? { id_client: target } : { id_client: target, reason }
    const outcome = await emitWithTimeout(socketRef.current, 'switch_client', request, switchAckTimeoutMs)
    if ('failure' in outcome) throw new Error(outcome.failure === 'timeout' ? 'timeout' : 'not connected')
    const checked = switchClientAckSchema.safeParse(outcome.reply)
    if (!checked.success) throw new Error('failed')
    const answer: SwitchClientAck = checked.data
    if (!('ok' in answer && answer.ok))
      throw new Error('err' in answer ? answer.message || answer.err : 'failed')
  }, [])

  const sendIrrigation = useCallback<SendIrrigationRequest>(
    (event, payload) => sendIrrigationRequest(socketRef.current, event, payload),
    [],
  )

  // The answer is checked by the history's own parser; no channel or no answer is a network failure.
  const requestHistory = useCallback(async (payload: HistoryRequest): Promise<unknown> => {
    const outcome = await emitWithTimeout(socketRef.current, 'history_request', payload, historyAckTimeoutMs)
    return 'failure' in outcome ? { err: 'network', message: '' } : outcome.reply
  }, [])

  const onData = useCallback((listener: (rows: LiveDataRow[]) => void) => {
    dataListeners.current.add(listener)
    return () => {
      dataListeners.current.delete(listener)
    }
  }, [])

  const widgetIrrigation = useCallback(
    (request: WidgetIrrigationRequest): Promise<WidgetIrrigationAck> =>
      requestWithAck(
        socketRef.current,
        'widget_irrigation',
        request,
        switchAckTimeoutMs,
        widgetIrrigationAckSchema,
      ),
    [],
  )

  const activeSockets = useCallback(
    (): Promise<ActiveSocketsAck> =>
      requestWithAck(socketRef.current, 'active_sockets', {}, switchAckTimeoutMs, activeSocketsAckSchema),
    [],
  )

  const supervisorHistory = useCallback(
    (minutes: number): Promise<SupervisorHistoryAck> =>
      requestWithAck(
        socketRef.current,
        'supervisor_history_request',
        { minutes },
        switchAckTimeoutMs,
        supervisorHistoryAckSchema,
      ),
    [],
  )

  return {
    connection,
    refusal,
    switchClient,
    sendIrrigation,
    requestHistory,
    onData,
    widgetIrrigation,
    activeSockets,
    supervisorHistory,
  }
}
