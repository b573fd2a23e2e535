import type { Logger } from 'pino'
import type { Database } from '../db/client'
import type { WorkGate } from '../features/fairness/work-gate'
import { createHistoryDal } from '../features/history/history-dal'
import { registerHistoryRequests } from '../features/history/history-requests'
import { createHistoryService } from '../features/history/history-service'
import type { Realtime } from '../realtime/socket-server'

/** History of module values: the socket request `history_request` over readings and their rollups. */
export function wireHistory(deps: {
  database: Database
  logger: Logger
  realtime: Pick<Realtime, 'handleRequest'>
  work: WorkGate
  now?: () => Date
}) {
  const history = createHistoryService({ dal: createHistoryDal(deps.database.pool), now: deps.now })
  registerHistoryRequests(deps.realtime, { history, logger: deps.logger, work: deps.work })
  return { history }
}
