import { randomUUID } from 'node:crypto'
import {
  type AckPayload,
  type CommandError,
  type CommandRow,
  type CredentialsCommand,
  commandErrors,
  commandStatus,
  expiredCommandError,
  findModel,
  isCommandPending,
  type Rejection,
  type SetOutputCommand,
} from '@kropla/domain'
import type { Logger } from 'pino'
import { HttpError } from '../../app/http-errors'
import { createPeriodic } from '../../app/periodic'
import type { DevicePublisher } from '../../ingest/device-publisher'
import { hashDeviceSecret, newDeviceSecret } from '../../ingest/device-secret'
import type { KnownObject } from '../../ingest/object-directory'
import type { Realtime } from '../../realtime/socket-server'
import {
  type CommandOutputs,
  type CommandRecord,
  type CommandSource,
  type CommandsDal,
  credentialsCommandType,
  isCredentialsCommand,
  toCommandRow,
} from './commands-dal'

/** How long a module has to answer a command (`up/ack` done or rejected) before it counts as timed out. */
export const COMMAND_TIMEOUT_MS = 30_000

/**
 * How long a `down/credentials` command waits for the module's answer. Long, because it is safe
 * late (it moves no valve) and a module may be off, or upload over HTTP only now and then: it waits
 * retained on the broker and rides on every HTTP answer meanwhile (ADR 0087).
 */
export const CREDENTIALS_TIMEOUT_MS = 24 * 3600_000

/**
 * A module that gets a command later than this after it was sent does not execute it (`expires_at`,
 * device protocol): a minute covers a slow link and a module clock a little off, while an order
 * queued through an outage can no longer open a valve long after it was meant to.
 */
export const COMMAND_EXPIRY_GRACE_MS = 60_000

/** The `down/cmd` of a command sent (or handed over) at `sentAt`. */
export function commandMessage(id: string, outputs: CommandOutputs, sentAt: Date): SetOutputCommand {
  const expiresAt = new Date(sentAt.getTime() + COMMAND_EXPIRY_GRACE_MS)
  return {
    id,
    type: 'set_output',
    expires_at: expiresAt.toISOString(),
    outputs: withUntil(outputs, sentAt) as SetOutputCommand['outputs'],
  }
}

/**
 * Every timed opening tells a module with a set clock when to close: the plan runner and manual
 * control give the end of what they serve; any other timed order (a user's direct `command`) ends
 * its minutes after it is sent, so a late delivery cannot stretch it.
 */
function withUntil(outputs: CommandOutputs, sentAt: Date): CommandOutputs {
  return Object.fromEntries(
    Object.entries(outputs).map(([name, order]) => [
      name,
      order?.on && order.minutes != null && !order.until
        ? { ...order, until: new Date(sentAt.getTime() + order.minutes * 60_000).toISOString() }
        : order,
    ]),
  )
}

/** A `down/credentials` handed to an HTTP module in its upload's answer: typed like the others there. */
export type CredentialsCommandAnswer = CredentialsCommand & { type: typeof credentialsCommandType }

export interface SendCommand {
  /** The command's id when the caller records it beforehand (e.g. on its manual openings); new otherwise. */
  id?: string
  idClient: number
  idObject: number
  outputs: CommandOutputs
  source: CommandSource
  idUser?: number | null
}

/**
 * The catalogue code kept with a rejected command: a module's `expired` becomes `command_expired`,
 * any other reason `command_failed` (the screens word codes, not the module's own text).
 */
function rejectionError(moduleError: string | undefined): CommandError {
  return moduleError === expiredCommandError ? commandErrors.expired : commandErrors.failed
}

/** A command changed status; `row` is the stored command after the change. */
export type CommandListener = (idClient: number, row: CommandRecord) => Promise<void> | void

const ackStatus = {
  received: commandStatus.received,
  done: commandStatus.done,
  rejected: commandStatus.rejected,
} as const

/**
 * Commands to modules (spec 01 sections 3 and 4, Command): each one is recorded, published on
 * `down/cmd` (QoS 1, never retained: a stale order must not switch a valve when a module comes
 * back) and tracked by the module's `up/ack` until done, rejected or timed out.
 */
export function createCommandService(deps: {
  dal: CommandsDal
  devices: Pick<DevicePublisher, 'publish' | 'clearRetained'>
  realtime: Pick<Realtime, 'toClient'>
  logger: Logger
  now?: () => Date
  /** A module now logs in with a new secret: the caches that know its credentials forget them. */
  forgetModule?: (serial: string) => void
  /** A module now logs in with this secret: an external broker kept in step is given it (ADR 0091). */
  onSecret?: (serial: string, secret: string) => Promise<void>
  /** How long before an unanswered command times out; COMMAND_TIMEOUT_MS unless a test says otherwise. */
  timeoutMs?: number
  /** How long a credentials command waits for its answer; CREDENTIALS_TIMEOUT_MS unless a test says otherwise. */
  credentialsTimeoutMs?: number
  /** How often the time-out sweep runs. */
  sweepMs?: number
}) {
  const now = deps.now ?? (() => new Date())
  const timeoutMs = deps.timeoutMs ?? COMMAND_TIMEOUT_MS
  const credentialsTimeoutMs = deps.credentialsTimeoutMs ?? CREDENTIALS_TIMEOUT_MS
  const sweepMs = deps.sweepMs ?? Math.min(5_000, Math.max(100, Math.floor(timeoutMs / 4)))
  const { dal } = deps
  const listeners: CommandListener[] = []
  /** Callers waiting for a command of this process to finish, by command id. */
  const waiting = new Map<string, ((row: CommandRecord) => void)[]>()

  async function changed(row: CommandRecord) {
    // The operator's credentials commands are not the account's orders: its screens never list them.
    if (!isCredentialsCommand(row))
      deps.realtime.toClient(row.id_client).emit('commands_history', toCommandRow(row))
    for (const listener of listeners) {
      try {
        await listener(row.id_client, row)
      } catch (error) {
        deps.logger.error({ err: error, command: row.id }, 'command listener failed')
      }
    }
    if (!isCommandPending(row.status)) resolveWaiting(row)
  }

  function resolveWaiting(row: CommandRecord) {
    const resolvers = waiting.get(row.id)
    waiting.delete(row.id)
    for (const resolve of resolvers ?? []) resolve(row)
  }

  /** The module must be the account's, and every output named must be one its model has. */
  async function assertCommandable(idClient: number, idObject: number, outputs: CommandOutputs) {
    const object = await dal.ownModule(idClient, idObject)
    const model = object && findModel(object.model)
    const names = Object.keys(outputs)
    if (!object || !model || names.length === 0) throw new HttpError('element_not_found')
    if (names.some((name) => !(model.outputs as readonly string[]).includes(name)))
      throw new HttpError('element_not_found')
    return object
  }

  /** A finished credentials command's secret leaves the broker too (the retained `down/credentials`). */
  async function clearCredentials(row: CommandRecord) {
    const module = await dal.fleetModule(row.id_object)
    if (module) await deps.devices.clearRetained(module.serial, 'credentials')
  }

  async function sweep() {
    const at = now()
    const expired = await dal.expire(
      new Date(at.getTime() - timeoutMs),
      new Date(at.getTime() - credentialsTimeoutMs),
      commandErrors.timedOut,
      at,
    )
    for (const row of expired) {
      if (isCredentialsCommand(row)) await clearCredentials(row)
      await changed(row)
    }
    // A command awaited here may have been answered through another server process (which told
    // the browsers and its listeners): only the callers here are left to answer.
    for (const row of await dal.find([...waiting.keys()]))
      if (!isCommandPending(row.status)) resolveWaiting(row)
  }

  const sweeper = createPeriodic({
    name: 'command time-out sweep',
    everyMs: sweepMs,
    logger: deps.logger,
    run: sweep,
  })

  return {
    /** Checks a command without sending it: `element_not_found` for a foreign module or an output it lacks. */
    assertCommandable: (idClient: number, idObject: number, outputs: CommandOutputs) =>
      assertCommandable(idClient, idObject, outputs).then(() => undefined),

    /**
     * Records the command and publishes it at once (no merging). Resolves with its id once
     * published; its answer comes later (`settled`, `onChange`, `commands_history`). A command
     * that could not be published (no broker yet) stays queued for HTTP modules and times out.
     */
    async send(command: SendCommand): Promise<{ id: string }> {
      const object = await assertCommandable(command.idClient, command.idObject, command.outputs)
      const at = now()
      const created = await dal.insert({
        id: command.id ?? randomUUID(),
        id_client: command.idClient,
        id_object: command.idObject,
        type: 'set_output',
        outputs: command.outputs,
        source: command.source,
        id_user: command.idUser ?? null,
        // Recorded and announced as sent before it goes out: the module's answer can arrive before
        // `publish` returns, and the browser must hear "sent" before "received".
        status: commandStatus.sent,
        sent_at: at,
        created_at: at,
        updated_at: at,
      })
      await changed(created)
      const message = commandMessage(created.id, command.outputs, at)
      const published = await deps.devices.publish(object.serial, 'cmd', message, { retain: false })
      if (!published) {
        const queued = await dal.markQueued(created.id, now())
        if (queued) await changed(queued)
      }
      return { id: created.id }
    },

    /**
     * Gives the module a new device secret over its own connection (`down/credentials`, ADR 0087):
     * recorded as a command (the operator's audit log has it, without the secret) and published
     * retained, so a module that is off gets it when it next subscribes, and an HTTP module in its
     * next upload's answer. The module logs in with the secret once it has acknowledged it `done`.
     * Refused for a module on no account, and while an earlier secret is still on its way (the
     * module could not tell which one the server took).
     */
    async sendCredentials(command: { idObject: number; idUser: number | null }): Promise<{ id: string }> {
      const module = await dal.fleetModule(command.idObject)
      if (!module) throw new HttpError('not_found')
      if (module.idClient === null) throw new HttpError('secret_needs_account')
      if (await dal.hasPendingCredentials(command.idObject)) throw new HttpError('secret_on_its_way')
      const at = now()
      const secret = newDeviceSecret()
      const created = await dal.insert({
        id: randomUUID(),
        id_client: module.idClient,
        id_object: command.idObject,
        type: credentialsCommandType,
        outputs: {},
        source: 'operator',
        id_user: command.idUser,
        secret,
        status: commandStatus.sent,
        sent_at: at,
        created_at: at,
        updated_at: at,
      })
      await changed(created)
      const message: CredentialsCommand = { id: created.id, secret }
      if (!(await deps.devices.publish(module.serial, 'credentials', message, { retain: true }))) {
        const queued = await dal.markQueued(created.id, now())
        if (queued) await changed(queued)
      }
      return { id: created.id }
    },

    /**
     * A module's `up/ack` for one of its commands: received 2, done 10, rejected 5 (with the
     * module's error). Ids that are not commands of that module (e.g. `down/config`) are left alone.
     * A credentials command acknowledged `done` moves the module onto its secret in the same
     * statement, before the broker's PUBACK: a module that has its PUBACK may log in with it.
     */
    async acknowledge(object: KnownObject, ack: AckPayload): Promise<Rejection[]> {
      const error = ack.result === 'rejected' ? rejectionError(ack.error) : null
      if (ack.result === 'rejected')
        deps.logger.warn(
          { id: ack.id, serial: object.serial, reason: ack.error },
          'module rejected a command',
        )
      const secret = ack.result === 'done' ? await dal.pendingSecret(object.id, ack.id) : undefined
      const row = secret
        ? await dal.moveOntoSecret(object.id, ack.id, hashDeviceSecret(secret), now())
        : await dal.settle(object.id, ack.id, ackStatus[ack.result], error, now())
      if (!row) return []
      if (secret) {
        deps.forgetModule?.(object.serial)
        await deps.onSecret?.(object.serial, secret)
        deps.logger.info({ serial: object.serial, command: row.id }, 'module moved onto a device secret')
      }
      if (isCredentialsCommand(row) && !isCommandPending(row.status))
        await deps.devices.clearRetained(object.serial, 'credentials')
      await changed(row)
      return []
    },

    /** Resolves with the command once it is finished (done, rejected, timed out, cancelled). */
    async settled(id: string): Promise<CommandRecord> {
      const wait = new Promise<CommandRecord>((resolve) => {
        const list = waiting.get(id) ?? []
        list.push(resolve)
        waiting.set(id, list)
      })
      const [current] = await dal.find([id])
      if (current && !isCommandPending(current.status)) {
        waiting.delete(id)
        return current
      }
      return wait
    },

    /** Called on every status change (after `commands_history` went out). */
    onChange(listener: CommandListener) {
      listeners.push(listener)
    },

    /** Commands an HTTP module has not answered: they ride back on its upload's answer. */
    async pendingCommands(object: KnownObject): Promise<(SetOutputCommand | CredentialsCommandAnswer)[]> {
      const rows = await dal.awaiting(object.id)
      const at = now()
      for (const row of await dal.markHandedOver(
        rows.filter((row) => row.status === commandStatus.queued).map((row) => row.id),
        at,
      ))
        await changed(row)
      // A command handed over again keeps the expiry of its first handing over.
      return rows.map((row) =>
        isCredentialsCommand(row)
          ? { id: row.id, type: credentialsCommandType, secret: row.secret ?? '' }
          : commandMessage(row.id, row.outputs as CommandOutputs, row.sent_at ?? at),
      )
    },

    async recent(idClient: number, limit: number): Promise<CommandRow[]> {
      return (await dal.recent(idClient, limit)).map(toCommandRow)
    },

    /** Marks unanswered commands timed out every `sweepMs` from now on. */
    start: sweeper.start,
    stop: sweeper.stop,
  }
}
export type CommandService = ReturnType<typeof createCommandService>
