import { z } from 'zod'

/**
 * The test area's recorded runs (issue 16, spec 01 `/test`): every test a user starts (an output
 * pulse, a group or resource walk, a weather check, a test message) is one `test_runs` row of
 * the account: who, what, when, the result, and per item its result and reason.
 */
export const testRunKinds = ['output', 'group', 'resources', 'weather', 'email', 'sms', 'push'] as const
export const testRunKindSchema = z.enum(testRunKinds)
export type TestRunKind = z.infer<typeof testRunKindSchema>

/** A run: `running` until it ends; `partial` when some items passed and some did not. */
export const testRunResults = ['running', 'pass', 'fail', 'partial'] as const
export const testRunResultSchema = z.enum(testRunResults)
export type TestRunResult = z.infer<typeof testRunResultSchema>

/** One item of a run (an output of a group walk, a field of a weather station, a message). */
export const testItemResults = ['waiting', 'running', 'pass', 'fail', 'skipped'] as const
export const testItemResultSchema = z.enum(testItemResults)
export type TestItemResult = z.infer<typeof testItemResultSchema>

export const testRunItemSchema = z.object({
  /** What the item is, e.g. `output:12`, `input:34:rain`, `email`. */
  key: z.string(),
  /** Its name as the user knows it (the output's or module's name), kept as it was then. */
  label: z.string(),
  result: testItemResultSchema,
  /** Why it failed or was skipped: an `errors.<code>` catalogue code, or null. */
  reason: z.string().nullable(),
  started_at: z.string().nullable().optional(),
  finished_at: z.string().nullable().optional(),
  /** A counting input (flowmeter, rain gauge): its value when the item started and the last one seen. */
  count_start: z.number().nullable().optional(),
  count_end: z.number().nullable().optional(),
  /** The unit of the counts (catalogue unit text, e.g. `l`, `mm`). */
  unit: z.string().nullable().optional(),
})
export type TestRunItem = z.infer<typeof testRunItemSchema>

export const testRunDetailsSchema = z.object({
  /** How long each output was opened, in seconds (output tests and walks). */
  seconds: z.number().nullable().optional(),
  items: z.array(testRunItemSchema),
  /** Why the whole run failed before its items could tell (refusal, cancelled): an error code. */
  reason: z.string().nullable().optional(),
  /** Cancelled by the user. */
  cancelled: z.boolean().optional(),
})
export type TestRunDetails = z.infer<typeof testRunDetailsSchema>

export const testRunSchema = z.object({
  id: z.number().int(),
  kind: testRunKindSchema,
  /** The module, group or other thing tested (null for a walk over everything or a message). */
  subject_id: z.number().int().nullable(),
  /** Its name at the time of the run. */
  subject_name: z.string(),
  id_user: z.number().int().nullable(),
  /** Who ran it: the user's name, or e-mail when they have no name; empty when the user is gone. */
  user_name: z.string(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  result: testRunResultSchema,
  details: testRunDetailsSchema,
})
export type TestRun = z.infer<typeof testRunSchema>

/** How many runs one page of the history holds at most. */
export const testRunsPageMax = 100

/** `GET /api/test/runs`: newest first; `before` (a run id) gives the page after the last one seen. */
export const testRunsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(testRunsPageMax).default(20),
  before: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  kind: testRunKindSchema.optional(),
})
export type TestRunsQuery = z.input<typeof testRunsQuerySchema>

export const testRunsAnswerSchema = z.object({
  runs: z.array(testRunSchema),
  /** The id to pass as `before` for the next (older) page; null when there is none. */
  next_before: z.number().int().nullable(),
})
export type TestRunsAnswer = z.infer<typeof testRunsAnswerSchema>

/** Pulse and walk durations: whole seconds, 1 to 600. */
export const testSecondsMin = 1
export const testSecondsMax = 600
export const testSecondsSchema = z
  .number({ error: 'errors.test_seconds_range' })
  .int({ error: 'errors.test_seconds_range' })
  .min(testSecondsMin, { error: 'errors.test_seconds_range' })
  .max(testSecondsMax, { error: 'errors.test_seconds_range' })

/** `POST /api/test/outputs/:id`: pulse one output for `seconds`. */
export const outputTestRequestSchema = z.object({ seconds: testSecondsSchema })
export type OutputTestRequest = z.input<typeof outputTestRequestSchema>

/** `POST /api/test/groups/:id` and `POST /api/test/resources`: open each output in turn for `seconds`. */
export const walkTestRequestSchema = z.object({ seconds: testSecondsSchema })
export type WalkTestRequest = z.input<typeof walkTestRequestSchema>

/** A test run whose result is not decided yet. */
export const isTestRunning = (run: Pick<TestRun, 'result'>) => run.result === 'running'

/** The result of a finished run from its items: all passed, none passed, or some. */
export function overallResult(
  items: readonly Pick<TestRunItem, 'result'>[],
): Exclude<TestRunResult, 'running'> {
  const passed = items.filter((item) => item.result === 'pass').length
  if (items.length > 0 && passed === items.length) return 'pass'
  if (passed === 0) return 'fail'
  return 'partial'
}
