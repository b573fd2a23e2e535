import type { FastifyInstance } from 'fastify'
import type { Logger } from 'pino'
import type { Database } from '../db/client'
import { createCommandMerger } from '../features/commands/command-merger'
import { registerCommandRequests } from '../features/commands/command-requests'
import { createCommandService } from '../features/commands/command-service'
import { createCommandsDal } from '../features/commands/commands-dal'
import { registerCommandsRoutes } from '../features/commands/commands-routes'
import { createManualControlService } from '../features/manual-control/manual-control-service'
import { registerManualRequests } from '../features/manual-control/manual-requests'
import { registerManualRoutes } from '../features/manual-control/manual-routes'
import { createManualSequence } from '../features/manual-control/manual-sequence'
import { resolveScheduleElements } from '../features/schedules/resolve-elements'
import { createSchedulePlansService } from '../features/schedules/schedule-plans-service'
import { registerScheduleRoutes } from '../features/schedules/schedules-routes'
import { createSchedulesService } from '../features/schedules/schedules-service'
import type { DevicePublisher } from '../ingest/device-publisher'
import type { Realtime } from '../realtime/socket-server'
import { createPlanRuntime, type PlanRuntimeOptions } from '../runtime/plan-runtime'

/** Test seams of irrigation: shorter waits than the product's, the plan runner's clock and intervals. */
export interface IrrigationOptions {
  manualControl?: {
    now?: () => Date
    /** The answer time-out of a command (the product's is 30 s). */
    commandTimeoutMs?: number
    /** The answer time-out of a credentials command (the product's is a day). */
    credentialsTimeoutMs?: number
    /** How long `command` requests on one module wait to be sent as one (the product's is 3 s). */
    commandMergeMs?: number
    /** How often overdue commands and timed openings are looked for. */
    sweepMs?: number
  }
  planRuntime?: Pick<PlanRuntimeOptions, 'now' | 'tickMs' | 'leadRetryMs' | 'firstPassDelayMs'>
}

/**
 * Commands to modules, manual control, schedules and their output plans: the socket requests
 * `command`, `manual_schedule`, `manual_group_schedule`, `manual_schedule_new`; /api/commands,
 * /api/manual_opens, /api/schedulers and /api/outputs_plans. The CommandService is made here and
 * handed to manual control, the plan runtime and ingest (acknowledgements). `start()` once
 * modules can answer; `stop()` before the broker closes.
 */
export function wireIrrigation(
  app: FastifyInstance,
  deps: {
    database: Database
    logger: Logger
    realtime: Pick<Realtime, 'toClient' | 'handleRequest'>
    devices: Pick<DevicePublisher, 'publish' | 'clearRetained'>
    /** A module moved onto a new device secret: the caches that know its credentials forget them. */
    forgetModule: (serial: string) => void
    /** A module now logs in with this secret: an external broker kept in step is given it. */
    onSecret?: (serial: string, secret: string) => Promise<void>
  },
  options: IrrigationOptions,
) {
  const { database, logger, realtime, devices } = deps
  const { db } = database
  const manualOptions = options.manualControl ?? {}
  const now = manualOptions.now

  const commands = createCommandService({
    dal: createCommandsDal(db),
    devices,
    realtime,
    logger,
    now,
    forgetModule: deps.forgetModule,
    onSecret: deps.onSecret,
    timeoutMs: manualOptions.commandTimeoutMs,
    credentialsTimeoutMs: manualOptions.credentialsTimeoutMs,
    sweepMs: manualOptions.sweepMs,
  })
  const merger = createCommandMerger({ commands, logger, mergeMs: manualOptions.commandMergeMs })
  registerCommandRequests(realtime, { merger, logger })
  registerCommandsRoutes(app, { commands })

  const manual = createManualControlService({
    db,
    commands,
    realtime,
    logger,
    now,
    sweepMs: manualOptions.sweepMs,
  })
  const sequence = createManualSequence({ database, realtime, now })
  registerManualRequests(realtime, { manual, sequence, logger })
  registerManualRoutes(app, { manual })

  const plansDeleted = (idClient: number, ids: number[]) =>
    realtime.toClient(idClient).emit('deleted_outputs_plans', { ids })
  // Output plans: sent through the command service, confirmed from up/state; runs under the lead.
  const plans = createPlanRuntime({
    database,
    logger,
    commands,
    events: {
      changed: (idClient, rows) => realtime.toClient(idClient).emit('outputs_plans', rows),
      deleted: plansDeleted,
    },
    resolveElements: resolveScheduleElements,
    ...options.planRuntime,
  })
  registerScheduleRoutes(app, {
    schedules: createSchedulesService({
      db,
      logger,
      onPlansDeleted: plansDeleted,
      onScheduleChanged: (idClient, idSchedule) => plans.replan(idClient, idSchedule),
      now,
    }),
    plans: createSchedulePlansService({ db, now }),
  })

  return {
    commands,
    manual,
    plans,
    /** The command time-out and manual-opening sweeps. */
    start() {
      commands.start()
      manual.start()
    },
    /** No command waits to merge any more; the sweeps end. */
    async stop() {
      merger.close()
      await commands.stop()
      await manual.stop()
    },
  }
}
export type Irrigation = ReturnType<typeof wireIrrigation>
