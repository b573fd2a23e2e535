import type { ModuleDiagnostics } from '@kropla/domain'
import type pg from 'pg'
import { HttpError } from '../../app/http-errors'
import type { Db } from '../../db/client'
import { ingestRejectionsOf } from '../operator/operator-dal'
import type { TrafficRecorder } from '../supervisor/traffic-recorder'
import { createTestSubjectsDal } from './test-subjects-dal'

/** How many of a module's last messages the diagnostics show. */
export const diagnosticsMessages = 20

/**
 * A module's diagnostics for the test area: its outputs, the last messages this process saw
 * (the supervisor's traffic recorder) and ingest's refusals with reasons (the operator's data access).
 */
export function createDiagnosticsService(deps: {
  db: Db
  pool: Pick<pg.Pool, 'query'>
  traffic: Pick<TrafficRecorder, 'history'>
}) {
  return {
    async module(idClient: number, idObject: number): Promise<ModuleDiagnostics> {
      const subjects = createTestSubjectsDal(deps.db, idClient)
      const module = await subjects.module(idObject)
      if (!module) throw new HttpError('not_found')
      return {
        ...module,
        outputs: await subjects.moduleOutputs(idObject),
        messages: deps.traffic
          .history(1)
          .last.filter((message) => message.serial === module.serial)
          .slice(0, diagnosticsMessages),
        rejections: await ingestRejectionsOf(deps.pool, module.serial),
      }
    },
  }
}
export type DiagnosticsService = ReturnType<typeof createDiagnosticsService>
