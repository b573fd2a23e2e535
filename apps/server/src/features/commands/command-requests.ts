import { commandRequestSchema } from '@kropla/domain'
import type { Logger } from 'pino'
import type { Realtime } from '../../realtime/socket-server'
import type { CommandMerger } from './command-merger'
import { failureOf, invalidPayloadCode, socketFailure } from './socket-answers'

/**
 * Socket request `command` (spec 01 section 7): set outputs of one module of the session's
 * account. Answered once the merged command is done (`{ ok: true, id }`) or with why not:
 * `command_failed` (rejected by the module), `command_timed_out`, `element_not_found`, `bad_request`.
 */
export function registerCommandRequests(
  realtime: Pick<Realtime, 'handleRequest'>,
  deps: { merger: CommandMerger; logger: Logger },
) {
  realtime.handleRequest('command', async (context, payload) => {
    const parsed = commandRequestSchema.safeParse(payload)
    if (!parsed.success) return socketFailure(context.lang, invalidPayloadCode(parsed.error))
    try {
      const outcome = await deps.merger.request({
        idClient: context.idClient,
        idObject: parsed.data.id_object,
        idUser: context.userId,
        outputs: parsed.data.outputs,
        seq: context.receivedSeq,
      })
      return outcome.ok ? { ok: true, id: outcome.id } : socketFailure(context.lang, outcome.code)
    } catch (error) {
      return failureOf(error, context.lang, deps.logger, 'command request')
    }
  })
}
