import { manualStatus, overallResult, type TestRun, type TestRunItem, type TestRunKind } from '@kropla/domain'
import type { Logger } from 'pino'
import { HttpError } from '../../app/http-errors'
import type { Db } from '../../db/client'
import type { CommandOutcome } from '../commands/command-merger'
import { type ManualControlService, SCHEDULE_LEAD_MS } from '../manual-control/manual-control-service'
import { createManualOpensDal } from '../manual-control/manual-opens-dal'
import type { TestRunContext, TestRunsService } from './test-runs-service'
import { createTestSubjectsDal, type WalkOutput } from './test-subjects-dal'

/** After a pulse's time, how long its module has to report the output off by itself before it is told to close. */
export const TEST_OFF_GRACE_MS = 5_000

interface Walk {
  cancelled: boolean
  /** The server is stopping: what is left ends as interrupted. */
  interrupted: boolean
  /** Wakes a pulse waiting for its output to close. */
  wake: () => void
  done: Promise<void>
}

type ItemEnd = Pick<TestRunItem, 'result' | 'reason'>

/**
 * The test area's output tests (issue 16): a pulse opens one output for some seconds through
 * manual control (refused like manual control while a schedule runs the output) and passes when
 * the module confirms it on (its answer to the command) and then off (its reported state, or its
 * answer to a closing order sent when it did not close by itself in time). A walk pulses a group's
 * outputs, or every output of the sections and water sources, one after another. Every test is a
 * recorded run; a walk can be cancelled (the output open at that moment is closed).
 */
export function createTestWalks(deps: {
  db: Db
  manual: Pick<ManualControlService, 'setOutput'>
  runs: TestRunsService
  logger: Logger
  now?: () => Date
  offGraceMs?: number
  pollMs?: number
}) {
  const now = deps.now ?? (() => new Date())
  const offGraceMs = deps.offGraceMs ?? TEST_OFF_GRACE_MS
  const pollMs = deps.pollMs ?? 250
  const manualDal = createManualOpensDal(deps.db)
  /** Walks running in this process, by run id. */
  const walks = new Map<number, Walk>()
  /** Outputs a test of this process holds open. */
  const busy = new Set<number>()

  const stamp = () => now().toISOString()

  /** Resolves after `ms`, or sooner when the walk is woken (cancelled). */
  function pause(walk: Walk, ms: number) {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms)
      const previous = walk.wake
      walk.wake = () => {
        clearTimeout(timer)
        previous()
        resolve()
      }
    })
  }

  /** The opening of the command: closed, in error (with its reason), or still open at the deadline or on cancel. */
  async function untilClosed(walk: Walk, commandId: string, deadline: number) {
    for (;;) {
      const rows = await manualDal.byCommand(commandId)
      if (rows.length > 0 && rows.every((row) => row.status === manualStatus.closed))
        return { closed: true as const }
      const failed = rows.find((row) => row.status === manualStatus.error)
      if (failed) return { closed: false as const, error: failed.error ?? 'test_not_confirmed_off' }
      if (walk.cancelled || Date.now() >= deadline) return { closed: false as const, error: null }
      await pause(walk, Math.min(pollMs, Math.max(0, deadline - Date.now())))
    }
  }

  async function close(
    context: TestRunContext & { idUser: number },
    idOutput: number,
  ): Promise<CommandOutcome> {
    try {
      return await deps.manual.setOutput(context, { id_output: idOutput, on: false, minutes: null })
    } catch (error) {
      if (error instanceof HttpError) return { ok: false, code: error.code }
      deps.logger.error({ err: error }, 'closing a tested output failed')
      return { ok: false, code: 'command_failed' }
    }
  }

  async function pulse(
    walk: Walk,
    context: TestRunContext & { idUser: number },
    output: WalkOutput,
    seconds: number,
  ): Promise<ItemEnd> {
    let opened: CommandOutcome
    try {
      opened = await deps.manual.setOutput(context, {
        id_output: output.id,
        on: true,
        minutes: Math.ceil(seconds / 60),
        seconds,
      })
    } catch (error) {
      if (error instanceof HttpError) return { result: 'fail', reason: error.code }
      deps.logger.error({ err: error }, 'output test failed')
      return { result: 'fail', reason: 'manual_command_failed' }
    }
    // Refused by the module, or no answer: it never confirmed the output on.
    if (!opened.ok) return { result: 'fail', reason: opened.code }
    const waited = await untilClosed(walk, opened.id, Date.now() + seconds * 1000 + offGraceMs)
    if (waited.closed) return { result: 'pass', reason: null }
    if (waited.error) return { result: 'fail', reason: waited.error }
    // Cancelled, or the module did not report it off in time: it is told to close.
    const closed = await close(context, output.id)
    if (walk.cancelled)
      return { result: 'skipped', reason: walk.interrupted ? 'test_interrupted' : 'test_cancelled' }
    return closed.ok ? { result: 'pass', reason: null } : { result: 'fail', reason: 'test_not_confirmed_off' }
  }

  /** Pulses each output in turn, recording each item as it starts and ends, then the run's result. */
  async function walkOutputs(
    walk: Walk,
    context: TestRunContext & { idUser: number },
    run: TestRun,
    outputs: WalkOutput[],
    seconds: number,
    counted: boolean,
  ) {
    const items = [...run.details.items]
    const details = () => ({ ...run.details, items: [...items] })
    for (const [index, output] of outputs.entries()) {
      const item = items[index]!
      if (walk.cancelled) {
        items[index] = {
          ...item,
          result: 'skipped',
          reason: walk.interrupted ? 'test_interrupted' : 'test_cancelled',
        }
        continue
      }
      if (busy.has(output.id)) {
        items[index] = { ...item, result: 'fail', reason: 'test_already_running', finished_at: stamp() }
        continue
      }
      busy.add(output.id)
      try {
        items[index] = { ...item, result: 'running', started_at: stamp() }
        await deps.runs.updateTestRun(context.idClient, run.id, details())
        const end = await pulse(walk, context, output, seconds)
        items[index] = { ...items[index]!, ...end, finished_at: stamp() }
      } finally {
        busy.delete(output.id)
      }
      await deps.runs.updateTestRun(context.idClient, run.id, details())
    }
    // Counters on inputs: how far each counted while the walk ran (informative: a rain gauge
    // without rain does not count, and that is no fault of the walk).
    if (counted) {
      const counts = new Map(
        (await createTestSubjectsDal(deps.db, context.idClient).counters()).map((counter) => [
          `counter:${counter.id}`,
          counter.value,
        ]),
      )
      for (const [index, item] of items.entries()) {
        if (!item.key.startsWith('counter:')) continue
        const end = counts.get(item.key) ?? null
        const rose = end !== null && item.count_start != null && end > item.count_start
        items[index] = {
          ...item,
          count_end: end,
          result: rose ? 'pass' : 'skipped',
          reason: rose ? null : 'test_no_count',
          finished_at: stamp(),
        }
      }
    }
    const walked = items.filter((item) => item.key.startsWith('output:'))
    await deps.runs.finishTestRun(
      context.idClient,
      run.id,
      {
        ...details(),
        ...(walk.cancelled
          ? { cancelled: true, reason: walk.interrupted ? 'test_interrupted' : 'test_cancelled' }
          : {}),
      },
      overallResult(walked),
    )
  }

  /** Records the run and starts its walk; answers the run as it started. */
  async function start(
    context: TestRunContext & { idUser: number },
    kind: TestRunKind,
    subject: { id: number | null; name: string },
    outputs: WalkOutput[],
    seconds: number,
    counters: { id: number; label: string; value: number | null }[] = [],
  ): Promise<TestRun> {
    const run = await deps.runs.recordTestRun(context, {
      kind,
      subjectId: subject.id,
      subjectName: subject.name,
      details: {
        seconds,
        items: [
          ...outputs.map((output) => ({
            key: `output:${output.id}`,
            label: output.label,
            result: 'waiting' as const,
            reason: null,
          })),
          ...counters.map((counter) => ({
            key: `counter:${counter.id}`,
            label: counter.label,
            result: 'waiting' as const,
            reason: null,
            count_start: counter.value,
          })),
        ],
      },
    })
    const walk: Walk = {
      cancelled: false,
      interrupted: false,
      wake: () => undefined,
      done: Promise.resolve(),
    }
    walk.done = walkOutputs(walk, context, run, outputs, seconds, counters.length > 0)
      .catch(async (error: unknown) => {
        deps.logger.error({ err: error, run: run.id }, 'test walk failed')
        await deps.runs
          .finishTestRun(context.idClient, run.id, { ...run.details, reason: 'internal' }, 'fail')
          .catch(() => undefined)
      })
      .finally(() => walks.delete(run.id))
    walks.set(run.id, walk)
    return run
  }

  return {
    /**
     * Pulses one output of the account for `seconds`. Refused (and recorded as failed) while a
     * schedule runs the output, as manual control refuses; refused when a test holds it already.
     */
    async testOutput(context: TestRunContext & { idUser: number }, idOutput: number, seconds: number) {
      const [output] = await manualDal.ownOutputs(context.idClient, [idOutput])
      if (output?.kind !== 'output') throw new HttpError('not_found')
      const label = output.name
      if (busy.has(idOutput)) throw new HttpError('test_already_running')
      const at = now()
      const held = await manualDal.heldBySchedules(
        context.idClient,
        [idOutput],
        at,
        new Date(at.getTime() + SCHEDULE_LEAD_MS),
      )
      if (held.length > 0) {
        const run = await deps.runs.recordTestRun(context, {
          kind: 'output',
          subjectId: idOutput,
          subjectName: label,
          details: {
            seconds,
            items: [{ key: `output:${idOutput}`, label, result: 'fail', reason: 'output_schedule_running' }],
          },
        })
        await deps.runs.finishTestRun(context.idClient, run.id, {
          ...run.details,
          reason: 'output_schedule_running',
        })
        throw new HttpError('output_schedule_running', { status: 409 })
      }
      return start(context, 'output', { id: idOutput, name: label }, [{ id: idOutput, label }], seconds)
    },

    /** Walks a group of outputs of the account: each output in turn for `seconds`. */
    async testGroup(context: TestRunContext & { idUser: number }, idGroup: number, seconds: number) {
      const subjects = createTestSubjectsDal(deps.db, context.idClient)
      const name = await subjects.groupName(idGroup)
      if (name === null) throw new HttpError('not_found')
      const outputs = await subjects.groupOutputs(idGroup)
      if (outputs.length === 0) throw new HttpError('test_no_outputs')
      return start(context, 'group', { id: idGroup, name }, outputs, seconds)
    },

    /** Walks every output of the account's sections and water sources, each once. */
    async testResources(context: TestRunContext & { idUser: number }, seconds: number) {
      const subjects = createTestSubjectsDal(deps.db, context.idClient)
      const outputs = await subjects.resourceOutputs()
      if (outputs.length === 0) throw new HttpError('test_no_outputs')
      return start(context, 'resources', { id: null, name: '' }, outputs, seconds, await subjects.counters())
    },

    /** Cancels a walk of the account: the output open now is closed, the rest are skipped. */
    async cancel(idClient: number, id: number): Promise<TestRun> {
      const run = await deps.runs.get(idClient, id)
      const walk = walks.get(id)
      // The walk ends on its own time (the open output's closing order needs its answer): the
      // run's end reaches the browsers as `test_runs`.
      if (walk && run.result === 'running') {
        walk.cancelled = true
        walk.wake()
      }
      return run
    },

    /** The server stops: every walk ends (its open output told to close), waiting at most `ms`. */
    async stop(ms = 5_000) {
      const pending = [...walks.values()]
      for (const walk of pending) {
        walk.cancelled = true
        walk.interrupted = true
        walk.wake()
      }
      await Promise.race([
        Promise.allSettled(pending.map((walk) => walk.done)),
        new Promise((resolve) => setTimeout(resolve, ms).unref()),
      ])
    },
  }
}
export type TestWalks = ReturnType<typeof createTestWalks>
