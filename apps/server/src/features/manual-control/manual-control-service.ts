import { randomUUID } from 'node:crypto'
import {
  commandStatus,
  isCommandPending,
  type ManualOpenRow,
  manualErrors,
  manualMoves,
  manualStatus,
  overdueSwitches,
  reportedSwitches,
  type StatePayload,
  switchOrders,
} from '@kropla/domain'
import type { Logger } from 'pino'
import { HttpError } from '../../app/http-errors'
import { createPeriodic } from '../../app/periodic'
import type { Db } from '../../db/client'
import type { KnownObject } from '../../ingest/object-directory'
import type { Realtime } from '../../realtime/socket-server'
import { type CommandOutcome, outcomeOf } from '../commands/command-merger'
import type { CommandService } from '../commands/command-service'
import type { CommandOutputs, CommandRecord } from '../commands/commands-dal'
import { createManualOpensDal, type ManualOpenRecord, type OwnOutput } from './manual-opens-dal'
import { switchableOutputs } from './own-outputs'

/** A run of an automatic schedule due this soon already holds its output against manual opening. */
export const SCHEDULE_LEAD_MS = 60_000

const { opening } = manualStatus

export interface ManualContext {
  idClient: number
  idUser: number
}

/**
 * Manual control of outputs (spec 01 sections 3 and 4, Manual open): open one output or a group
 * of outputs for some minutes (the module closes it itself when they run out) or until closed, and
 * close it. Each opening is a `manual_opens` row: opening until the module confirms (its `up/ack`
 * done or `up/state` on), open, then closed (10) when the module reports the output off; a failed
 * command leaves it in error (5). Refused while an automatic schedule runs on the output.
 */
export function createManualControlService(deps: {
  db: Db
  commands: Pick<CommandService, 'send' | 'settled' | 'onChange'>
  realtime: Pick<Realtime, 'toClient'>
  logger: Logger
  now?: () => Date
  /** How often timed openings past their closing time are checked. */
  sweepMs?: number
}) {
  const now = deps.now ?? (() => new Date())
  const dal = createManualOpensDal(deps.db)

  /** Tells each account's browsers about its openings that changed. */
  async function emit(changed: ManualOpenRecord[]) {
    const byClient = new Map<number, number[]>()
    for (const row of changed) byClient.set(row.id_client, [...(byClient.get(row.id_client) ?? []), row.id])
    for (const [idClient, ids] of byClient) {
      const rows = await dal.rowsOf(ids)
      if (rows.length) deps.realtime.toClient(idClient).emit('manual_opens', rows)
    }
  }

  async function assertNotScheduled(idClient: number, ids: number[], from: Date, to: Date) {
    if ((await dal.heldBySchedules(idClient, ids, from, to)).length > 0)
      throw new HttpError('output_schedule_running')
  }

  /** The command's answer decides its openings: done opens (or, for a close, closes); a failure is an error. */
  async function applyCommand(command: CommandRecord): Promise<ManualOpenRecord[]> {
    if (isCommandPending(command.status)) return []
    const ids = (await dal.byCommand(command.id)).map((row) => row.id)
    if (ids.length === 0) return []
    const at = now()
    const { commandOpened, commandClosed, commandFailed } = manualMoves
    if (command.status === commandStatus.done)
      return [
        ...(await dal.move(ids, commandOpened.from, { status: commandOpened.to }, at)),
        ...(await dal.move(ids, commandClosed.from, { status: commandClosed.to, closed_at: at }, at)),
      ]
    return dal.move(
      ids,
      commandFailed.from,
      { status: commandFailed.to, error: command.error ?? manualErrors.failed },
      at,
    )
  }

  deps.commands.onChange(async (_idClient, command) => {
    await emit(await applyCommand(command))
  })

  /**
   * Opens (`minutes`, null = until closed) or closes the outputs, one command per module, and
   * resolves once every command is finished: `{ ok, id }` with the first command's id, or the
   * failure (`manual_command_failed` when a module refused, `command_timed_out`).
   */
  async function switchOutputs(
    context: ManualContext,
    targets: OwnOutput[],
    on: boolean,
    minutes: number | null,
    seconds?: number,
  ): Promise<CommandOutcome> {
    const at = now()
    const ids = targets.map((output) => output.id)
    await assertNotScheduled(context.idClient, ids, at, new Date(at.getTime() + SCHEDULE_LEAD_MS))
    const orders = switchOrders(targets, on, minutes, at, seconds)
    // The openings of every module change together, or none do.
    const { changed, sends } = await deps.db.transaction(async (tx) => {
      const txDal = createManualOpensDal(tx)
      const busy = await txDal.busyOf(context.idClient, ids)
      const changed: ManualOpenRecord[] = []
      const sends: { id: string; idObject: number; outputs: CommandOutputs }[] = []
      for (const module of orders.modules) {
        const id = randomUUID()
        const mine = new Set(module.outputIds)
        const previous = busy.filter((row) => mine.has(row.id_output)).map((row) => row.id)
        if (on) {
          const { replaced } = manualMoves
          changed.push(
            ...(await txDal.move(previous, replaced.from, { status: replaced.to, closed_at: at }, at)),
            ...(await txDal.insert(
              module.outputIds.map((idOutput) => ({
                id_client: context.idClient,
                id_output: idOutput,
                id_user: context.idUser,
                minutes,
                status: opening,
                open_at: at,
                close_at: orders.closeAt,
                id_command: id,
                created_at: at,
                updated_at: at,
              })),
            )),
          )
        } else {
          const { stopped } = manualMoves
          changed.push(
            ...(await txDal.move(previous, stopped.from, { status: stopped.to, id_command: id }, at)),
          )
        }
        sends.push({ id, idObject: module.idObject, outputs: module.outputs })
      }
      return { changed, sends }
    })
    await emit(changed)

    const settled = await Promise.all(
      sends.map(async (send) => {
        try {
          await deps.commands.send({
            id: send.id,
            idClient: context.idClient,
            idObject: send.idObject,
            outputs: send.outputs,
            source: 'manual',
            idUser: context.idUser,
          })
          const command = await deps.commands.settled(send.id)
          // The listener usually got there first; this makes sure whatever the order.
          await emit(await applyCommand(command))
          return outcomeOf(command, 'manual_command_failed')
        } catch (failure) {
          const ids = (await dal.byCommand(send.id)).map((row) => row.id)
          const { commandFailed } = manualMoves
          await emit(
            await dal.move(
              ids,
              commandFailed.from,
              {
                status: commandFailed.to,
                error: failure instanceof HttpError ? failure.code : manualErrors.failed,
              },
              now(),
            ),
          )
          if (failure instanceof HttpError) return { ok: false as const, code: failure.code }
          deps.logger.error({ err: failure }, 'manual command failed')
          return { ok: false as const, code: 'manual_command_failed' }
        }
      }),
    )
    return settled.find((outcome) => !outcome.ok) ?? settled[0] ?? { ok: false, code: 'element_not_found' }
  }

  async function sweep() {
    const at = now()
    const overdue = await dal.overdue(at)
    const { off, unconfirmed, waiting } = overdueSwitches(
      overdue.map(({ open: row, value }) => ({ ...row, close_at: row.close_at!, value })),
      at,
    )
    const { overdueOff, overdueUnconfirmed, overdueWaiting } = manualMoves
    await emit([
      ...(await dal.move(off, overdueOff.from, { status: overdueOff.to, closed_at: at }, at)),
      ...(await dal.move(
        unconfirmed,
        overdueUnconfirmed.from,
        { status: overdueUnconfirmed.to, error: manualErrors.notClosed },
        at,
      )),
      ...(await dal.move(waiting, overdueWaiting.from, { status: overdueWaiting.to }, at)),
    ])
  }

  const sweeper = createPeriodic({
    name: 'manual opening sweep',
    everyMs: deps.sweepMs ?? 5_000,
    logger: deps.logger,
    run: sweep,
  })

  return {
    /**
     * `manual_schedule`: open one output (timed or permanent) or close it. `seconds` (the test
     * area's pulse) closes it that many seconds from now by the module's clock, within `minutes`.
     */
    async setOutput(
      context: ManualContext,
      request: { id_output: number; on: boolean; minutes: number | null; seconds?: number },
    ): Promise<CommandOutcome> {
      const targets = await switchableOutputs(dal, context.idClient, [request.id_output])
      return switchOutputs(context, targets, request.on, request.minutes, request.seconds)
    },

    /** `manual_group_schedule`: the same for every output of a group of outputs, all or none. */
    async setGroup(
      context: ManualContext,
      request: { id_group: number; on: boolean; minutes: number | null },
    ): Promise<CommandOutcome> {
      const ids = await dal.groupOutputs(context.idClient, request.id_group)
      if (!ids || ids.length === 0) throw new HttpError('element_not_found')
      const targets = await switchableOutputs(dal, context.idClient, ids)
      return switchOutputs(context, targets, request.on, request.minutes)
    },

    /**
     * `up/state` of a module: an output reported on confirms its opening; reported off, an open,
     * closing or stopped opening is closed.
     */
    async confirmFromState(object: KnownObject, state: StatePayload, receivedAt: Date) {
      const busy = await dal.busyOfObject(object.id)
      if (busy.length === 0) return
      const parsedTs = state.ts ? new Date(state.ts) : receivedAt
      const reportedAt = Number.isNaN(parsedTs.getTime()) ? receivedAt : parsedTs
      const { opened, shut } = reportedSwitches(
        busy.map(({ open: row, field }) => ({ id: row.id, open_at: row.open_at, field })),
        state.outputs,
        reportedAt,
      )
      const at = now()
      await emit([
        ...(await dal.move(opened, manualMoves.reportedOn.from, { status: manualMoves.reportedOn.to }, at)),
        ...(await dal.move(
          shut,
          manualMoves.reportedOff.from,
          { status: manualMoves.reportedOff.to, closed_at: at },
          at,
        )),
      ])
    },

    /** The account's busy openings (GET /api/manual_opens). */
    busy: (idClient: number): Promise<ManualOpenRow[]> => dal.busyRows(idClient),

    /** Closes (or gives up on) timed openings past their time, every `sweepMs` from now on. */
    start: sweeper.start,
    stop: sweeper.stop,
  }
}
export type ManualControlService = ReturnType<typeof createManualControlService>
