import type { FastifyInstance } from 'fastify'
import type { Logger } from 'pino'
import type { Db } from '../../db/client'
import { createSchedulePlansService } from './schedule-plans-service'
import { registerScheduleRoutes } from './schedules-routes'
import { createSchedulesService, type SchedulesServiceDeps } from './schedules-service'

/**
 * Schedules and their plans: /api/schedulers (CRUD, pause, unpause, end, preview, sch_history)
 * and /api/outputs_plans (the calendar). `onScheduleChanged` is the planner's replan.
 */
export function registerScheduleFeatures(
  app: FastifyInstance,
  deps: { db: Db; logger: Logger } & Pick<SchedulesServiceDeps, 'onScheduleChanged' | 'onPlansDeleted'>,
) {
  registerScheduleRoutes(app, {
    schedules: createSchedulesService(deps),
    plans: createSchedulePlansService({ db: deps.db }),
  })
}
