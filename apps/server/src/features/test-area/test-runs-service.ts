import {
  overallResult,
  type TestRun,
  type TestRunDetails,
  type TestRunKind,
  type TestRunResult,
  type TestRunsAnswer,
  type testRunsQuerySchema,
} from '@kropla/domain'
import type { z } from 'zod'
import { HttpError } from '../../app/http-errors'
import type { Db } from '../../db/client'
import type { Realtime } from '../../realtime/socket-server'
import { createTestRunsDal, runningAccounts } from './test-runs-dal'

export interface TestRunContext {
  idClient: number
  idUser: number | null
}

/** Why a run left running by a stopped server ended as failed. */
export const abandonedRunReason = 'test_interrupted'
/**
 * A run still running this long after it started was left by a server that stopped (the longest
 * walk is far shorter); another server process may be running the younger ones.
 */
export const abandonedRunAgeMs = 12 * 3_600_000

/**
 * The record of the test area's runs (issue 16): a test starts its run (`recordTestRun`),
 * reports its progress (`updateTestRun`) and ends it (`finishTestRun`); every change goes to the
 * account's browsers as `test_runs`. The history is `GET /api/test/runs`.
 */
export function createTestRunsService(deps: {
  db: Db
  realtime: Pick<Realtime, 'toClient'>
  now?: () => Date
}) {
  const now = deps.now ?? (() => new Date())
  const emit = (idClient: number, run: TestRun | null) => {
    if (run) deps.realtime.toClient(idClient).emit('test_runs', run)
    return run
  }

  return {
    /** Starts a run: `running`, started now, by the context's user. */
    async recordTestRun(
      context: TestRunContext,
      run: { kind: TestRunKind; subjectId: number | null; subjectName: string; details: TestRunDetails },
    ): Promise<TestRun> {
      const created = await createTestRunsDal(deps.db, context.idClient).insert({
        idUser: context.idUser,
        kind: run.kind,
        subjectId: run.subjectId,
        subjectName: run.subjectName,
        details: run.details,
        startedAt: now(),
      })
      emit(context.idClient, created)
      return created
    },

    /** The run's progress (its items so far); ignored once the run has ended. */
    async updateTestRun(idClient: number, id: number, details: TestRunDetails): Promise<TestRun | null> {
      return emit(idClient, await createTestRunsDal(deps.db, idClient).update(id, { details }))
    },

    /**
     * Ends the run: `result`, or when not given the result its items make (all passed: pass; none:
     * fail; else partial). A run already ended stays as it was (null).
     */
    async finishTestRun(
      idClient: number,
      id: number,
      details: TestRunDetails,
      result?: Exclude<TestRunResult, 'running'>,
    ): Promise<TestRun | null> {
      return emit(
        idClient,
        await createTestRunsDal(deps.db, idClient).update(id, {
          details,
          result: result ?? overallResult(details.items),
          finishedAt: now(),
        }),
      )
    },

    /** The account's history, newest first (`GET /api/test/runs`). */
    async list(idClient: number, query: z.output<typeof testRunsQuerySchema>): Promise<TestRunsAnswer> {
      // One more than asked for tells whether an older page exists.
      const rows = await createTestRunsDal(deps.db, idClient).page({ ...query, limit: query.limit + 1 })
      const runs = rows.slice(0, query.limit)
      return { runs, next_before: rows.length > query.limit ? (runs.at(-1)?.id ?? null) : null }
    },

    /** One run of the account; 404 `not_found` for another account's or none. */
    async get(idClient: number, id: number): Promise<TestRun> {
      const run = await createTestRunsDal(deps.db, idClient).find(id)
      if (!run) throw new HttpError('not_found')
      return run
    },

    /** At start-up: runs a stopped server left running end as failed (`test_interrupted`). */
    async abandonRunning() {
      const at = now()
      const before = new Date(at.getTime() - abandonedRunAgeMs)
      for (const idClient of await runningAccounts(deps.db))
        await createTestRunsDal(deps.db, idClient).abandonRunning(abandonedRunReason, before, at)
    },
  }
}
export type TestRunsService = ReturnType<typeof createTestRunsService>
