import {
  commandStatus,
  cycleDuration,
  outputNameSchema,
  planErrors,
  planStatus,
  scheduleDefinitionSchema,
} from '@kropla/domain'
import type { Logger } from 'pino'
import type { ConditionVerdict } from './condition-rules'
import { evaluateConditions } from './conditions'
import type { ConditionsDal } from './conditions-dal'
import type { OutputsPlansDal } from './outputs-plans-dal'
import { emitPlans, type PlanEvents } from './plan-rows'
import type { PlanRowsDal } from './plan-rows-dal'
import { isActive } from './planner'
import { commandOutputs, remainingMinutes, windowEnd } from './run-rules'
import type { DueRun, RunnerDal } from './runner-dal'

const MINUTE = 60_000

import type { CommandOutputs } from '../features/commands/commands-dal'

/** What the runner needs of the command service: record and publish one `down/cmd` now. */
export interface CommandSender {
  send(command: {
    idClient: number
    idObject: number
    outputs: CommandOutputs
    source: 'plan'
  }): Promise<{ id: string }>
}

interface CycleDecision {
  from: number
  until: number
  verdict: ConditionVerdict
}

/**
 * The plan runner (leader only): every tick it sends the runs that came due, follows what was
 * sent, and closes runs whose schedule stopped. Every status change is a conditional UPDATE from
 * the status it was read in, so two runners (or a runner and a late one) never both act on a
 * plan: a plan is sent by whoever moved it from planned to sent.
 */
export function createPlanRunner(options: {
  dal: RunnerDal
  outputsPlans: Pick<OutputsPlansDal, 'transition' | 'recordCommand'>
  conditions: ConditionsDal
  planRows: PlanRowsDal
  logger: Logger
  commands: CommandSender
  events: PlanEvents
  now: () => Date
}) {
  const { logger, events, dal, conditions } = options
  const { transition, recordCommand } = options.outputsPlans
  /**
   * Conditions are decided once per cycle, at its first due run; the cycle's other runs follow it
   * (remembered here, and read back from the cycle's earlier runs after a takeover).
   */
  const cycleDecisions = new Map<string, CycleDecision[]>()

  /**
   * The decision an earlier run of the same cycle already carries (this runner may have taken over
   * mid-cycle, its memory empty): not met, no data, or met once it was sent. Null when none did.
   */
  async function decidedBefore(run: DueRun, span: number): Promise<ConditionVerdict | null> {
    const earlier = await dal.earlierDecidedRun(run, span)
    if (!earlier) return null
    if (earlier.status === planStatus.condition_not_met) return { kind: 'not_met' }
    if (earlier.error === planErrors.conditionNoData) return { kind: 'no_data' }
    return { kind: 'met' }
  }

  async function cycleVerdict(run: DueRun, at: Date): Promise<ConditionVerdict> {
    const parsed = scheduleDefinitionSchema.safeParse(run.definition)
    if (!parsed.success || parsed.data.conditions.length === 0 || run.id_schedule === null)
      return { kind: 'met' }
    const key = `${run.id_schedule}/${run.cycle}`
    const planned = run.planned_at.getTime()
    const known = cycleDecisions
      .get(key)
      ?.find((decision) => planned >= decision.from && planned <= decision.until)
    if (known) return known.verdict
    const span = cycleDuration(run.schedule_type ?? 1, parsed.data) * MINUTE
    const verdict =
      (await decidedBefore(run, span)) ??
      (await evaluateConditions(conditions, run.id_client, parsed.data.conditions))
    const kept = (cycleDecisions.get(key) ?? []).filter(
      (decision) => decision.until > at.getTime() - 86_400_000,
    )
    cycleDecisions.set(key, [...kept, { from: planned, until: planned + span, verdict }])
    return verdict
  }

  /** Sends what came due: one command per module, each output with its run's remaining minutes. */
  async function dispatchDue(at: Date): Promise<number[]> {
    const changed: number[] = []
    const toSend = new Map<number, { run: DueRun; minutes: number }[]>()
    for (const run of await dal.dueRuns(at)) {
      const minutes = remainingMinutes(run, at)
      if (minutes === 0) {
        changed.push(
          ...(await transition([run.id], [planStatus.planned], planStatus.missed, {
            error: planErrors.missed,
          })),
        )
        continue
      }
      if (run.schedule_type !== null && !isActive(run, at)) {
        changed.push(...(await transition([run.id], [planStatus.planned], planStatus.cancelled)))
        continue
      }
      const verdict = await cycleVerdict(run, at)
      if (verdict.kind === 'not_met') {
        changed.push(...(await transition([run.id], [planStatus.planned], planStatus.condition_not_met)))
        continue
      }
      if (verdict.kind === 'no_data') {
        changed.push(
          ...(await transition([run.id], [planStatus.planned], planStatus.error, {
            error: planErrors.conditionNoData,
          })),
        )
        continue
      }
      toSend.set(run.id_object, [...(toSend.get(run.id_object) ?? []), { run, minutes }])
    }
    for (const [idObject, runs] of toSend) changed.push(...(await sendModuleRuns(idObject, runs, at)))
    return changed
  }

  async function sendModuleRuns(idObject: number, runs: { run: DueRun; minutes: number }[], at: Date) {
    const claimed = new Set(
      await transition(
        runs.map(({ run }) => run.id),
        [planStatus.planned],
        planStatus.sent,
        { started_at: at },
      ),
    )
    const mine = runs.filter(({ run }) => claimed.has(run.id))
    if (mine.length === 0) return []
    const ids = mine.map(({ run }) => run.id)
    const outputs = commandOutputs(
      mine.map(({ run, minutes }) => ({
        field_name: outputNameSchema.parse(run.field_name),
        minutes,
        until: windowEnd(run),
      })),
    )
    try {
      const command = await options.commands.send({
        idClient: mine[0]!.run.id_client,
        idObject,
        outputs,
        source: 'plan',
      })
      await recordCommand(ids, command.id)
    } catch (error) {
      logger.error({ err: error, plans: ids }, 'plan command not sent')
      await transition(ids, [planStatus.sent], planStatus.error, {
        error: planErrors.commandFailed,
        finished_at: at,
      })
    }
    return ids
  }

  /** Sent runs: a refused or unanswered command is an error; a run that ended is executed if confirmed. */
  async function followSent(at: Date): Promise<number[]> {
    const changed: number[] = []
    for (const run of await dal.sentRuns()) {
      const end = windowEnd(run)
      const failed =
        run.status === planStatus.sent &&
        (run.command_status === commandStatus.rejected ||
          run.command_status === commandStatus.timed_out ||
          run.command_status === commandStatus.cancelled)
      if (failed) {
        const error =
          run.command_status === commandStatus.timed_out
            ? planErrors.commandTimedOut
            : run.command_error === planErrors.commandExpired
              ? planErrors.commandExpired
              : planErrors.commandFailed
        changed.push(
          ...(await transition([run.id], [planStatus.sent], planStatus.error, { error, finished_at: at })),
        )
      } else if (at >= end && run.status === planStatus.running) {
        changed.push(
          ...(await transition([run.id], [planStatus.running], planStatus.executed, { finished_at: end })),
        )
      } else if (at >= end) {
        changed.push(
          ...(await transition([run.id], [planStatus.sent], planStatus.error, {
            error: planErrors.notConfirmed,
            finished_at: end,
          })),
        )
      }
    }
    return changed
  }

  /**
   * Runs in progress whose schedule was paused, ended or deleted: their outputs close now, except
   * a water-source opening that other schedules' runs of its time draw from (it was merged for them).
   */
  async function closeStopped(at: Date): Promise<number[]> {
    const rows = await dal.stoppedRuns(at)
    const claimed = new Set(
      await transition(
        rows.map((row) => row.id),
        [planStatus.sent, planStatus.running],
        planStatus.cancelled,
        { finished_at: at },
      ),
    )
    const byModule = new Map<number, typeof rows>()
    for (const row of rows.filter((candidate) => claimed.has(candidate.id)))
      byModule.set(row.id_object, [...(byModule.get(row.id_object) ?? []), row])
    for (const [idObject, list] of byModule) {
      const outputs: CommandOutputs = {}
      for (const row of list) outputs[outputNameSchema.parse(row.field_name)] = { on: false, minutes: null }
      try {
        await options.commands.send({ idClient: list[0]!.id_client, idObject, outputs, source: 'plan' })
      } catch (error) {
        logger.error({ err: error, idObject }, 'closing command for a stopped schedule not sent')
      }
    }
    return [...claimed]
  }

  /** One pass; the caller serialises passes. */
  async function tick(at: Date) {
    const changed = [...(await dispatchDue(at)), ...(await followSent(at)), ...(await closeStopped(at))]
    await emitPlans(options.planRows, events, [...new Set(changed)])
  }

  return { tick }
}
export type PlanRunner = ReturnType<typeof createPlanRunner>
