import type { FastifyInstance } from 'fastify'
import type { Logger } from 'pino'
import type { Database } from '../db/client'
import type { ManualControlService } from '../features/manual-control/manual-control-service'
import type { TrafficRecorder } from '../features/supervisor/traffic-recorder'
import { createDiagnosticsService } from '../features/test-area/diagnostics-service'
import { registerTestRoutes, registerTestRunRoutes } from '../features/test-area/test-area-routes'
import { createTestRunsService } from '../features/test-area/test-runs-service'
import { createTestWalks } from '../features/test-area/test-walks'
import type { Realtime } from '../realtime/socket-server'

/** Test seams of the test area: how long a pulsed output has to report itself off before it is told to close. */
export interface TestAreaOptions {
  testArea?: { offGraceMs?: number; pollMs?: number }
}

/**
 * The test area (issue 16): the record of test runs (`recordTestRun`, `finishTestRun`, handed
 * to each test) and /api/test/runs; output tests and walks through manual control; a module's
 * diagnostics.
 */
export function wireTestArea(
  app: FastifyInstance,
  deps: {
    database: Database
    realtime: Pick<Realtime, 'toClient'>
    manual: Pick<ManualControlService, 'setOutput'>
    traffic: Pick<TrafficRecorder, 'history'>
    logger: Logger
    now?: () => Date
  },
  options: TestAreaOptions = {},
) {
  const { db, pool } = deps.database
  const runs = createTestRunsService({ db, realtime: deps.realtime, now: deps.now })
  registerTestRunRoutes(app, { runs })
  const walks = createTestWalks({
    db,
    manual: deps.manual,
    runs,
    logger: deps.logger,
    now: deps.now,
    ...options.testArea,
  })
  registerTestRoutes(app, {
    walks,
    diagnostics: createDiagnosticsService({ db, pool, traffic: deps.traffic }),
  })
  return {
    runs,
    walks,
    /** Runs a stopped server left running end as failed. */
    start: () => runs.abandonRunning(),
    /** Walks under way end (their open output told to close). */
    stop: () => walks.stop(),
  }
}
export type TestArea = ReturnType<typeof wireTestArea>
