import {
  type AckPayload,
  credentialsCommandSchema,
  expiredCommandError,
  type SetOutputCommand,
  type StatePayload,
  setOutputCommandSchema,
} from '@kropla/domain'
import type { FarmWorld } from '../farm/farm-world'
import type { OutputChange, OutputName } from './output-bank'
import { toProtocolTimestamp } from './protocol-time'

export type Reply = { kind: 'ack'; payload: AckPayload } | { kind: 'state'; payload: StatePayload }

export interface DownMessageOutcome {
  /** What the module publishes in answer, in this order. */
  replies: Reply[]
  /** Why a message was dropped without an answer (nothing to acknowledge it by). */
  dropped?: string
  /**
   * A new device secret (`down/credentials`): the module keeps it, and logs in with it from its
   * first connection after the server has its `done` (MQTT: the ack's PUBACK; HTTP: the 202).
   */
  secret?: string
}

/**
 * How a module answers `down/cmd`, `down/config` and `down/credentials`: acknowledge receipt, execute, acknowledge
 * the result, and after switching outputs report their state. A command is executed whole or
 * not at all, so a command naming an output the module lacks switches nothing, and one that
 * arrives after its `expires_at` is refused (`expired`). The simulated modules' clocks are set
 * (they keep the simulator's time), so a timed opening closes at its `until` when that comes
 * before its minutes run out.
 */
export function handleDownMessage(
  world: FarmWorld,
  serial: string,
  kind: string,
  payload: Buffer,
  at: Date,
): DownMessageOutcome {
  // The server clearing a retained message (a secret delivered): nothing to answer.
  if (payload.length === 0) return { replies: [] }
  let message: unknown
  try {
    message = JSON.parse(payload.toString('utf8'))
  } catch {
    return { replies: [], dropped: `malformed JSON on down/${kind}` }
  }
  const id = commandId(message)
  if (id === null) return { replies: [], dropped: `down/${kind} without an id` }
  if (kind === 'config') return { replies: [configure(world, serial, id, message, at)] }
  if (kind === 'credentials') {
    const credentials = credentialsCommandSchema.safeParse(message)
    if (!credentials.success) return { replies: [ack(id, 'rejected', 'malformed credentials')] }
    return { replies: [ack(id, 'done')], secret: credentials.data.secret }
  }
  if (kind !== 'cmd') return { replies: [], dropped: `unknown down/${kind}` }

  const received = ack(id, 'received')
  const parsed = setOutputCommandSchema.safeParse(message)
  if (!parsed.success) {
    const type = (message as { type?: unknown }).type
    const error =
      type === 'set_output' ? 'malformed set_output command' : `unsupported command type ${String(type)}`
    return { replies: [received, ack(id, 'rejected', error)] }
  }
  if (parsed.data.expires_at && at.getTime() > Date.parse(parsed.data.expires_at))
    return { replies: [received, ack(id, 'rejected', expiredCommandError)] }
  const bank = world.outputs(serial)
  const unknown = Object.keys(parsed.data.outputs).filter((name) => !bank?.has(name))
  if (!bank || unknown.length > 0) {
    return { replies: [received, ack(id, 'rejected', `unknown output ${unknown.join(', ')}`)] }
  }
  world.setOutputs(serial, toChanges(parsed.data), at)
  return {
    replies: [
      received,
      ack(id, 'done'),
      { kind: 'state', payload: { ts: toProtocolTimestamp(at), outputs: bank.snapshot() } },
    ],
  }
}

function commandId(message: unknown): string | null {
  if (typeof message !== 'object' || message === null) return null
  const { id } = message as { id?: unknown }
  return typeof id === 'string' && id.length > 0 ? id : null
}

/**
 * A config is kept whole (the retained copy after a reconnect is the same config again) and
 * applied at once: the scales tare and calibrate by it, the universal module scales its analog
 * inputs; other modules only keep it.
 */
function configure(world: FarmWorld, serial: string, id: string, message: unknown, at: Date): Reply {
  const { config } = message as { config?: unknown }
  const isObject = typeof config === 'object' && config !== null && !Array.isArray(config)
  if (!isObject) return ack(id, 'rejected', 'config must be an object')
  world.configure(serial, config as Record<string, unknown>, at)
  return ack(id, 'done')
}

function ack(id: string, result: AckPayload['result'], error?: string): Reply {
  return { kind: 'ack', payload: error ? { id, result, error } : { id, result } }
}

function toChanges(command: SetOutputCommand): Partial<Record<OutputName, OutputChange>> {
  return Object.fromEntries(
    Object.entries(command.outputs).map(([name, order]) => [
      name,
      { on: order.on, minutes: order.minutes, ...(order.until ? { until: new Date(order.until) } : {}) },
    ]),
  )
}
