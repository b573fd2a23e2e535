import type { Logger } from 'pino'
import type { Database } from '../db/client'
import { createConditionsDal } from './conditions-dal'
import { createLeadership } from './leadership'
import { createOutputsPlansDal } from './outputs-plans-dal'
import type { PlanEvents } from './plan-rows'
import { createPlanRowsDal } from './plan-rows-dal'
import type { ResolveElements } from './planned-schedules'
import { createPlanner } from './planner'
import { type CommandSender, createPlanRunner } from './runner'
import { createRunnerDal } from './runner-dal'
import { createStateConfirmation } from './state-confirmation'

export interface PlanRuntimeOptions {
  database: Database
  logger: Logger
  commands: CommandSender
  events: PlanEvents
  resolveElements: ResolveElements
  /** The clock plans are run by (tests move it). */
  now?: () => Date
  /** How often the leader runs due plans (1 s). */
  tickMs?: number
  /**
   * How long a new leader waits before its first pass (10 s): after a restart the modules need a
   * moment to reconnect and subscribe, and a command published before that would be lost.
   */
  firstPassDelayMs?: number
  /** How often a follower tries to take the lead (3 s). */
  leadRetryMs?: number
  /** How often the leader tops up the 48 h horizon (1 min). */
  extendEveryMs?: number
  horizonMs?: number
}

/** What the plan runner reads (on the pool) and writes. */
export const planRunnerDataAccess = ({ pool, db }: Pick<Database, 'pool' | 'db'>) => ({
  dal: createRunnerDal(pool),
  outputsPlans: createOutputsPlansDal(db),
  conditions: createConditionsDal(pool),
  planRows: createPlanRowsDal(pool),
})

/**
 * The planner, the runner and state confirmation, wired. `replan` and `confirmPlansFromState`
 * work in every process; due plans run only in the process holding the lead. On taking the lead
 * the first pass applies the restart rule to whatever came due while nobody led (a run whose
 * window is still open goes out late with its remaining minutes, an ended one is missed).
 */
export function createPlanRuntime(options: PlanRuntimeOptions) {
  const now = options.now ?? (() => new Date())
  const tickMs = options.tickMs ?? 1000
  const extendEveryMs = options.extendEveryMs ?? 60_000
  const { pool } = options.database
  const planRows = createPlanRowsDal(pool)
  const planner = createPlanner({ ...options, planRows, now })
  const runner = createPlanRunner({ ...options, ...planRunnerDataAccess(options.database), now })
  const firstPassDelayMs = options.firstPassDelayMs ?? 10_000
  let timer: NodeJS.Timeout | undefined
  let firstPass: NodeJS.Timeout | undefined
  let pass: Promise<void> = Promise.resolve()
  let lastExtension = Number.NEGATIVE_INFINITY

  const leadership = createLeadership({
    database: options.database,
    logger: options.logger,
    retryMs: options.leadRetryMs ?? 3000,
    onLead() {
      lastExtension = Number.NEGATIVE_INFINITY
      firstPass = setTimeout(() => {
        timer = setInterval(() => void tick(), tickMs)
        timer.unref()
        void tick()
      }, firstPassDelayMs)
      firstPass.unref()
    },
    async onLose() {
      clearTimeout(firstPass)
      clearInterval(timer)
      timer = undefined
      await pass
    },
  })

  async function leaderPass() {
    if (!leadership.leading) return
    const at = now()
    if (at.getTime() - lastExtension >= extendEveryMs) {
      lastExtension = at.getTime()
      await planner.extendHorizon()
    }
    await runner.tick(at)
  }

  /** One runner pass now (after any pass under way); nothing unless this process leads. */
  function tick(): Promise<void> {
    pass = pass.then(leaderPass).catch((error: unknown) => {
      options.logger.error({ err: error }, 'plan runner pass failed')
    })
    return pass
  }

  return {
    start: () => leadership.start(),
    stop: () => leadership.stop(),
    get leading() {
      return leadership.leading
    },
    tick,
    /** The command service plans are sent through. */
    commands: options.commands,
    replan: planner.replan,
    extendHorizon: planner.extendHorizon,
    confirmPlansFromState: createStateConfirmation({
      dal: createOutputsPlansDal(options.database.db),
      planRows,
      events: options.events,
      now,
    }),
  }
}
export type PlanRuntime = ReturnType<typeof createPlanRuntime>
