import type { FastifyInstance } from 'fastify'
import type { Logger } from 'pino'
import type { Database } from '../../db/client'
import type { DevicePublisher } from '../../ingest/device-publisher'
import type { Realtime } from '../../realtime/socket-server'
import { createCommandMerger } from '../commands/command-merger'
import { registerCommandRequests } from '../commands/command-requests'
import { createCommandService } from '../commands/command-service'
import { registerCommandsRoutes } from '../commands/commands-routes'
import { createManualControlService } from './manual-control-service'
import { registerManualRequests } from './manual-requests'
import { registerManualRoutes } from './manual-routes'
import { createManualSequence } from './manual-sequence'

/** Test seams: shorter waits than the product's 30 s answer time-out and 3 s merge delay. */
export interface ManualControlOptions {
  now?: () => Date
  commandTimeoutMs?: number
  commandMergeMs?: number
  /** How often overdue commands and timed openings are looked for. */
  sweepMs?: number
}

/**
 * Commands to modules and manual control: the CommandService (other features send through it),
 * the socket requests `command`, `manual_schedule`, `manual_group_schedule`,
 * `manual_schedule_new`, GET /api/commands and GET /api/manual_opens. Register before sockets
 * connect; `start` the sweeps once modules can answer.
 */
export function startManualControl(
  app: FastifyInstance,
  deps: {
    database: Database
    devices: Pick<DevicePublisher, 'publish'>
    realtime: Pick<Realtime, 'toClient' | 'handleRequest'>
    logger: Logger
  },
  options: ManualControlOptions = {},
) {
  const { db } = deps.database
  const commands = createCommandService({
    ...deps,
    db,
    now: options.now,
    timeoutMs: options.commandTimeoutMs,
    sweepMs: options.sweepMs,
  })
  const merger = createCommandMerger({ commands, logger: deps.logger, mergeMs: options.commandMergeMs })
  const manual = createManualControlService({
    ...deps,
    db,
    commands,
    now: options.now,
    sweepMs: options.sweepMs,
  })
  const sequence = createManualSequence({ ...deps, now: options.now })
  registerCommandRequests(deps.realtime, { merger, logger: deps.logger })
  registerManualRequests(deps.realtime, { manual, sequence, logger: deps.logger })
  registerCommandsRoutes(app, { commands })
  registerManualRoutes(app, { manual })
  return {
    commands,
    manual,
    start() {
      commands.start()
      manual.start()
    },
    async stop() {
      merger.close()
      await commands.stop()
      await manual.stop()
    },
  }
}
export type ManualControl = ReturnType<typeof startManualControl>
