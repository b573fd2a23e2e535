import { commandStatus, planErrors } from '@kropla/domain'
import type { Logger } from 'pino'
import { HttpError } from '../../app/http-errors'
import type { CommandService } from './command-service'
import type { CommandOutputs, CommandRecord } from './commands-dal'

/** Spec 01 section 9: set-output commands for one module are sent once 3 s pass without another. */
export const COMMAND_MERGE_MS = 3_000

/** How a request's command ended: the module did it, or the code of why not. */
export type CommandOutcome = { ok: true; id: string } | { ok: false; code: string }

/**
 * Done is success; a rejection is `failed`, one because the command arrived too late
 * `command_expired`, an overdue answer `command_timed_out`.
 */
export function outcomeOf(row: CommandRecord, failed = 'command_failed'): CommandOutcome {
  if (row.status === commandStatus.done) return { ok: true, id: row.id }
  if (row.status === commandStatus.timed_out) return { ok: false, code: 'command_timed_out' }
  if (row.status === commandStatus.rejected && row.error === planErrors.commandExpired)
    return { ok: false, code: planErrors.commandExpired }
  return { ok: false, code: failed }
}

interface Batch {
  idClient: number
  idObject: number
  idUser: number
  outputs: CommandOutputs
  /** Arrival order of the order that set each output: an overtaking earlier order never wins. */
  setBy: Record<string, number>
  answers: ((outcome: CommandOutcome) => void)[]
  timer?: NodeJS.Timeout
}

/**
 * The socket `command` request: orders for one module of one account are merged (a later order
 * for the same output wins) and sent as one command once `mergeMs` pass without another; every
 * request merged into it is answered with that command's outcome.
 */
export function createCommandMerger(deps: {
  commands: Pick<CommandService, 'assertCommandable' | 'send' | 'settled'>
  logger: Logger
  mergeMs?: number
}) {
  const mergeMs = deps.mergeMs ?? COMMAND_MERGE_MS
  const batches = new Map<string, Batch>()

  async function flush(key: string) {
    const batch = batches.get(key)
    if (!batch) return
    batches.delete(key)
    let outcome: CommandOutcome
    try {
      const { id } = await deps.commands.send({
        idClient: batch.idClient,
        idObject: batch.idObject,
        outputs: batch.outputs,
        source: 'user',
        idUser: batch.idUser,
      })
      outcome = outcomeOf(await deps.commands.settled(id))
    } catch (error) {
      if (!(error instanceof HttpError)) deps.logger.error({ err: error }, 'merged command failed')
      outcome = { ok: false, code: error instanceof HttpError ? error.code : 'command_failed' }
    }
    for (const answer of batch.answers) answer(outcome)
  }

  return {
    /** Resolves once the merged command this order joins is finished. */
    async request(order: {
      idClient: number
      idObject: number
      idUser: number
      outputs: CommandOutputs
      /** Arrival order (the socket request's `receivedSeq`); the later order for an output wins. */
      seq: number
    }): Promise<CommandOutcome> {
      // A foreign module or an output it lacks is refused alone, before it can spoil a batch.
      await deps.commands.assertCommandable(order.idClient, order.idObject, order.outputs)
      const key = `${order.idClient}:${order.idObject}`
      return new Promise<CommandOutcome>((resolve) => {
        const batch: Batch = batches.get(key) ?? {
          idClient: order.idClient,
          idObject: order.idObject,
          idUser: order.idUser,
          outputs: {},
          setBy: {},
          answers: [],
        }
        clearTimeout(batch.timer)
        for (const [output, setting] of Object.entries(order.outputs)) {
          if ((batch.setBy[output] ?? 0) > order.seq) continue
          batch.outputs = { ...batch.outputs, [output]: setting }
          batch.setBy[output] = order.seq
        }
        batch.idUser = order.idUser
        batch.answers.push(resolve)
        batch.timer = setTimeout(() => void flush(key), mergeMs)
        batches.set(key, batch)
      })
    },

    /** Stops waiting: orders not sent yet are answered as failed. */
    close() {
      for (const batch of batches.values()) {
        clearTimeout(batch.timer)
        for (const answer of batch.answers) answer({ ok: false, code: 'command_failed' })
      }
      batches.clear()
    },
  }
}
export type CommandMerger = ReturnType<typeof createCommandMerger>
