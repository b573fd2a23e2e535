import type { TestRun, TestRunDetails, TestRunKind, TestRunResult } from '@kropla/domain'
import { and, desc, eq, lt, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/executor'
import { test_runs, users } from '../../db/schema'

const columns = {
  id: test_runs.id,
  kind: test_runs.kind,
  subject_id: test_runs.subject_id,
  subject_name: test_runs.subject_name,
  id_user: test_runs.id_user,
  user_first: users.name,
  user_family: users.family_name,
  user_email: users.email,
  started_at: test_runs.started_at,
  finished_at: test_runs.finished_at,
  result: test_runs.result,
  details: test_runs.details,
}

interface RunRow {
  id: number
  kind: string
  subject_id: number | null
  subject_name: string
  id_user: number | null
  user_first: string | null
  user_family: string | null
  user_email: string | null
  started_at: Date
  finished_at: Date | null
  result: string
  details: unknown
}

const toRun = (row: RunRow): TestRun => ({
  id: row.id,
  // Written only through the service, with the domain's kinds, results and details.
  kind: row.kind as TestRunKind,
  subject_id: row.subject_id,
  subject_name: row.subject_name,
  id_user: row.id_user,
  user_name: [row.user_first, row.user_family].filter(Boolean).join(' ') || row.user_email || '',
  started_at: row.started_at.toISOString(),
  finished_at: row.finished_at?.toISOString() ?? null,
  result: row.result as TestRunResult,
  details: row.details as TestRunDetails,
})

export interface NewTestRun {
  idUser: number | null
  kind: TestRunKind
  subjectId: number | null
  subjectName: string
  details: TestRunDetails
  startedAt: Date
}

/** Test runs of one client account. */
export function createTestRunsDal(db: Executor, idClient: number) {
  const own = (id: number) => and(eq(test_runs.id_client, idClient), eq(test_runs.id, id))
  async function find(id: number): Promise<TestRun | null> {
    const [row] = await db
      .select(columns)
      .from(test_runs)
      .leftJoin(users, eq(users.id, test_runs.id_user))
      .where(own(id))
    return row ? toRun(row) : null
  }
  return {
    find,
    /** Newest first: at most `limit` runs older than `before` (a run id), of `kind` when given. */
    async page(query: { limit: number; before?: number; kind?: TestRunKind }): Promise<TestRun[]> {
      const filters: SQL[] = [eq(test_runs.id_client, idClient)]
      if (query.before !== undefined) filters.push(lt(test_runs.id, query.before))
      if (query.kind) filters.push(eq(test_runs.kind, query.kind))
      const rows = await db
        .select(columns)
        .from(test_runs)
        .leftJoin(users, eq(users.id, test_runs.id_user))
        .where(and(...filters))
        .orderBy(desc(test_runs.id))
        .limit(query.limit)
      return rows.map(toRun)
    },
    async insert(run: NewTestRun): Promise<TestRun> {
      const [row] = await db
        .insert(test_runs)
        .values({
          id_client: idClient,
          id_user: run.idUser,
          kind: run.kind,
          subject_id: run.subjectId,
          subject_name: run.subjectName,
          started_at: run.startedAt,
          result: 'running',
          details: run.details,
        })
        .returning({ id: test_runs.id })
      return (await find(row!.id))!
    },
    /** Changes a run still running (a finished one stays as it ended); null when there is none. */
    async update(
      id: number,
      values: { details: TestRunDetails; result?: TestRunResult; finishedAt?: Date },
    ): Promise<TestRun | null> {
      const rows = await db
        .update(test_runs)
        .set({
          details: values.details,
          ...(values.result ? { result: values.result } : {}),
          ...(values.finishedAt ? { finished_at: values.finishedAt } : {}),
        })
        .where(and(own(id), eq(test_runs.result, 'running')))
        .returning({ id: test_runs.id })
      return rows.length ? find(id) : null
    },
    /** Runs started before `startedBefore` and still running (their server stopped): they end as failed. */
    async abandonRunning(reason: string, startedBefore: Date, at: Date) {
      const rows = await db
        .select({ id: test_runs.id, details: test_runs.details })
        .from(test_runs)
        .where(
          and(
            eq(test_runs.id_client, idClient),
            eq(test_runs.result, 'running'),
            lt(test_runs.started_at, startedBefore),
          ),
        )
      for (const row of rows)
        await db
          .update(test_runs)
          .set({ result: 'fail', finished_at: at, details: { ...(row.details as TestRunDetails), reason } })
          .where(own(row.id))
    },
  }
}
export type TestRunsDal = ReturnType<typeof createTestRunsDal>

/** Runs of every account left running (a server stopped during a test). */
export async function runningAccounts(db: Executor): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id_client: test_runs.id_client })
    .from(test_runs)
    .where(eq(test_runs.result, 'running'))
  return rows.map((row) => row.id_client)
}
