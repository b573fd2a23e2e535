import { z } from 'zod'
import { type AlarmRow, alarmRowSchema, type BaseAlarms, baseAlarmsSchema } from '../alarms/alarm-row'
import { userTypeSchema } from '../auth/schemas'
import type { WidgetIrrigationAck, WidgetIrrigationRequest } from '../dashboards/widget-irrigation'
import type { HistoryAck, HistoryRequest } from '../history/history'
import { type OutputPlanRow, outputPlanRowSchema } from '../irrigation/output-plan-row'
import {
  type CommandRequest,
  type CommandRow,
  commandRowSchema,
  type ManualOpenRow,
  type manualGroupScheduleSchema,
  manualOpenRowSchema,
  type manualScheduleNewSchema,
  type manualScheduleSchema,
} from '../irrigation/wire'
import { type LiveDataRow, liveDataRowSchema } from '../live/live-data-row'
import { type UserMessageEvent, userMessageEventSchema } from '../messages/messages'
import type { ActiveSocketsAck, SupervisorHistoryAck } from '../operator/supervisor'
import { type TestRun, testRunSchema } from '../test-area/test-runs'

export const objectConnectionSchema = z.object({
  id_object: z.number().int(),
  connection: z.union([z.literal(0), z.literal(1)]),
})
export type ObjectConnection = z.infer<typeof objectConnectionSchema>

/**
 * `objects_config`: a module's configuration is waiting for its acknowledgement (`config_pending`
 * set: the reconfiguration warning) or no longer is (`null`).
 */
export const objectConfigStateSchema = z.object({
  id_object: z.number().int(),
  config_pending: z.object({ id: z.string(), sent_at: z.string() }).nullable(),
  /**
   * With `config_pending: null`: the configuration the module acknowledged. The acknowledgement can
   * overtake the answer of the save that sent it, so the browser drops a pending state with this id.
   */
  settled_id: z.string().optional(),
})
export type ObjectConfigState = z.infer<typeof objectConfigStateSchema>

/** `switch_client`, `authorize`: the client account the session now works in; the browser reloads. */
export const clientIdPayloadSchema = z.object({ id_client: z.number().int() })
export type ClientIdPayload = z.infer<typeof clientIdPayloadSchema>

/**
 * `user_client_change` (spec 01 section 4), to the user's sockets: they were removed from the
 * client account `id_client` (`deleted`, `user_type` the type they had) or their type in it
 * changed (`type_changed`, `user_type` the new type). For the account the browser is in, it logs
 * out completely; for another assigned account only the list of accounts is stale.
 */
export const userClientChangeSchema = z.object({
  id_client: z.number().int(),
  type: z.enum(['deleted', 'type_changed']),
  user_type: userTypeSchema,
})
export type UserClientChange = z.infer<typeof userClientChangeSchema>

/** `deleted_outputs_plans`: output plans of the account removed (replan, schedule deleted). */
export const deletedOutputPlansSchema = z.object({ ids: z.array(z.number().int()) })
export type DeletedOutputPlans = z.infer<typeof deletedOutputPlansSchema>

/** Events the server pushes to a browser (spec 01 section 7); later features add theirs here. */
export interface ServerToClientEvents {
  authorize: (payload: ClientIdPayload) => void
  data: (rows: LiveDataRow[]) => void
  objects_connection: (payload: ObjectConnection) => void
  objects_config: (payload: ObjectConfigState) => void
  /** The session has ended (logout, revoked, timed out, account blocked): go to the login page. */
  log_out: () => void
  switch_client: (payload: ClientIdPayload) => void
  user_client_change: (payload: UserClientChange) => void
  /** A message was published to this user (spec 01 section 7), with their unread count. */
  user_message: (payload: UserMessageEvent) => void
  /** Alarm rows that changed (raised, inactive, confirmed, deleted), to the owning account only. */
  alarms: (rows: AlarmRow[]) => void
  /** The owning account's alarm counts after a change (header badge). */
  base_alarms: (counts: BaseAlarms) => void
  /** A command of the account was created or changed status (spec 01 section 7). */
  commands_history: (row: CommandRow) => void
  /** Manual opens of the account that changed (busy or just finished). */
  manual_opens: (rows: ManualOpenRow[]) => void
  /** Output plans of the account created or changed. */
  outputs_plans: (rows: OutputPlanRow[]) => void
  /** Output plans of the account removed (replan, schedule deleted). */
  deleted_outputs_plans: (payload: DeletedOutputPlans) => void
  /** A test run of the account started, moved on or ended (the test area). */
  test_runs: (run: TestRun) => void
}

/**
 * The schema of every payload the server pushes (`log_out` has none): the browser checks each event
 * with it before using it. Typed against ServerToClientEvents, so an event added there without its
 * schema, or with a schema of another shape, does not compile.
 */
export const serverEventSchemas = {
  authorize: clientIdPayloadSchema,
  data: z.array(liveDataRowSchema),
  objects_connection: objectConnectionSchema,
  objects_config: objectConfigStateSchema,
  switch_client: clientIdPayloadSchema,
  user_client_change: userClientChangeSchema,
  user_message: userMessageEventSchema,
  alarms: z.array(alarmRowSchema),
  base_alarms: baseAlarmsSchema,
  commands_history: commandRowSchema,
  manual_opens: z.array(manualOpenRowSchema),
  outputs_plans: z.array(outputPlanRowSchema),
  deleted_outputs_plans: deletedOutputPlansSchema,
  test_runs: testRunSchema,
} satisfies {
  [Event in Exclude<keyof ServerToClientEvents, 'log_out'>]: z.ZodType<
    Parameters<ServerToClientEvents[Event]>[0]
  >
}
export type ServerEventWithPayload = keyof typeof serverEventSchemas

/** An acknowledgement carrying `err` means failure (spec 01 section 7); `message` is in the user's language. */
/**
 * A socket handshake refused for too many connections at once (`connect_error`): its message is
 * the code, its data the wording in the user's language and the limit (SOCKET_MAX_PER_USER or
 * SOCKET_MAX_PER_ADDRESS), which the browser shows in its own language.
 */
export const socketLimitCodes = ['too_many_connections_user', 'too_many_connections_address'] as const
export type SocketLimitCode = (typeof socketLimitCodes)[number]
export const socketLimitRefusalSchema = z.object({
  message: z.enum(socketLimitCodes),
  data: z.object({ message: z.string(), limit: z.number().int().positive() }),
})
export type SocketLimitRefusal = z.infer<typeof socketLimitRefusalSchema>

export const socketFailureSchema = z.object({ err: z.string(), message: z.string() })
export interface SocketFailure<Code extends string = string> {
  err: Code
  message: string
}
export type SocketAck<Code extends string = string> = { ok: true } | SocketFailure<Code>

/** `reason`: an operator's support access into someone else's client account needs one (audit log). */
export type SwitchClientRequest = ClientIdPayload & { reason?: string }
export const switchClientAckSchema = z.union([
  z.object({ ok: z.literal(true) }),
  socketFailureSchema.extend({ err: z.enum(['switch_client_failed', 'support_reason_required']) }),
])
export type SwitchClientAck = z.infer<typeof switchClientAckSchema>

/** Acknowledgement of the irrigation requests: on success the id of the command or schedule. */
export const irrigationAckSchema = z.union([
  z.object({ ok: z.literal(true), id: z.union([z.string(), z.number()]).optional() }),
  socketFailureSchema.extend({ id: z.union([z.string(), z.number()]).optional() }),
])
export type IrrigationAck = z.infer<typeof irrigationAckSchema>
export type ManualScheduleRequest = z.input<typeof manualScheduleSchema>
export type ManualGroupScheduleRequest = z.input<typeof manualGroupScheduleSchema>
export type ManualScheduleNewRequest = z.input<typeof manualScheduleNewSchema>

/** Requests a browser emits, each with an acknowledgement. */
export interface ClientToServerEvents {
  switch_client: (payload: SwitchClientRequest, ack: (answer: SwitchClientAck) => void) => void
  /** Set outputs of one module; merged per module and sent after 3 s quiet. */
  command: (payload: CommandRequest, ack: (answer: IrrigationAck) => void) => void
  manual_schedule: (payload: ManualScheduleRequest, ack: (answer: IrrigationAck) => void) => void
  manual_group_schedule: (payload: ManualGroupScheduleRequest, ack: (answer: IrrigationAck) => void) => void
  manual_schedule_new: (payload: ManualScheduleNewRequest, ack: (answer: IrrigationAck) => void) => void
  /** The irrigation state of outputs for the dashboard's system state and manual control widgets. */
  widget_irrigation: (payload: WidgetIrrigationRequest, ack: (answer: WidgetIrrigationAck) => void) => void
  /** Rows of one module's fields over a range, raw or from the hourly / daily rollups. */
  history_request: (payload: HistoryRequest, ack: (answer: HistoryAck) => void) => void
  /** Adminus only (/supervisor): every open connection. */
  active_sockets: (payload: Record<string, never>, ack: (answer: ActiveSocketsAck) => void) => void
  /** Adminus only (/supervisor): module traffic per minute and the last messages. */
  supervisor_history_request: (
    payload: { minutes?: number },
    ack: (answer: SupervisorHistoryAck) => void,
  ) => void
}
