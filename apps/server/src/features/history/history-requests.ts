import { historyRequestSchema } from '@kropla/domain'
import type { Logger } from 'pino'
import type { Realtime } from '../../realtime/socket-server'
import { failureOf, invalidPayloadCode, socketFailure } from '../commands/socket-answers'
import type { WorkGate } from '../fairness/work-gate'
import type { HistoryService } from './history-service'

/**
 * Socket request `history_request` (spec 01 section 7): rows of one module of the session's
 * account in ascending time, or `{ err, message }`: `module_not_found` (not this account's),
 * `field_unknown`, `history_bad_range`, `bad_request`.
 */
export function registerHistoryRequests(
  realtime: Pick<Realtime, 'handleRequest'>,
  deps: { history: HistoryService; logger: Logger; work: WorkGate },
) {
  realtime.handleRequest('history_request', async (context, payload) => {
    const parsed = historyRequestSchema.safeParse(payload)
    if (!parsed.success) return socketFailure(context.lang, invalidPayloadCode(parsed.error))
    try {
      const outcome = await deps.work.run({ idUser: context.userId, idClient: context.idClient }, () =>
        deps.history.history(context.idClient, parsed.data),
      )
      return outcome.ok ? outcome.answer : socketFailure(context.lang, outcome.code)
    } catch (error) {
      return failureOf(error, context.lang, deps.logger, 'history request')
    }
  })
}
