import type { z } from 'zod'
import type { AlarmRow, BaseAlarms } from '../alarms/alarm-row'
import type { UserType } from '../auth/schemas'
import type { OutputPlanRow } from '../irrigation/output-plan-row'
import type {
  CommandRequest,
  CommandRow,
  ManualOpenRow,
  manualGroupScheduleSchema,
  manualScheduleNewSchema,
  manualScheduleSchema,
} from '../irrigation/wire'
import type { LiveDataRow } from '../live/live-data-row'
import type { UserMessageEvent } from '../messages/messages'

export interface ObjectConnection {
  id_object: number
  connection: 0 | 1
}

/**
 * `objects_config`: a module's configuration is waiting for its acknowledgement (`config_pending`
 * set: the reconfiguration warning) or no longer is (`null`).
 */
export interface ObjectConfigState {
  id_object: number
  config_pending: { id: string; sent_at: string } | null
  /**
   * With `config_pending: null`: the configuration the module acknowledged. The acknowledgement can
   * overtake the answer of the save that sent it, so the browser drops a pending state with this id.
   */
  settled_id?: string
}

/** `switch_client`, `authorize`: the client account the session now works in; the browser reloads. */
export interface ClientIdPayload {
  id_client: number
}

/**
 * `user_client_change` (spec 01 section 4), to the user's sockets: they were removed from the
 * client account `id_client` (`deleted`, `user_type` the type they had) or their type in it
 * changed (`type_changed`, `user_type` the new type). For the account the browser is in, it logs
 * out completely; for another assigned account only the list of accounts is stale.
 */
export interface UserClientChange {
  id_client: number
  type: 'deleted' | 'type_changed'
  user_type: UserType
}

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
  deleted_outputs_plans: (payload: { ids: number[] }) => void
}

/** An acknowledgement carrying `err` means failure (spec 01 section 7); `message` is in the user's language. */
export interface SocketFailure<Code extends string = string> {
  err: Code
  message: string
}
export type SocketAck<Code extends string = string> = { ok: true } | SocketFailure<Code>

export type SwitchClientRequest = ClientIdPayload
export type SwitchClientAck = SocketAck<'switch_client_failed'>

/** Acknowledgement of the irrigation requests: on success the id of the command or schedule. */
export type IrrigationAck = SocketAck & { id?: string | number }
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
}
