import type { FastifyInstance } from 'fastify'
import type { Logger } from 'pino'
import type { Database } from '../db/client'
import { createAlarmEvents } from '../features/alarms/alarm-events'
import { createAlarmsDal } from '../features/alarms/alarms-dal'
import type { CommandService } from '../features/commands/command-service'
import { createFleetImports } from '../features/operator/fleet-import'
import { createOperatorDal } from '../features/operator/operator-dal'
import { registerOperatorRoutes } from '../features/operator/operator-routes'
import { createOperatorService } from '../features/operator/operator-service'
import { createSupervisorDal } from '../features/supervisor/supervisor-dal'
import { registerSupervisorRequests } from '../features/supervisor/supervisor-requests'
import type { TrafficRecorder } from '../features/supervisor/traffic-recorder'
import type { Realtime } from '../realtime/socket-server'

/** The operator's (Adminus) back office: `/api/admin/...` over every client account, and /supervisor's socket requests. */
export function wireOperator(
  app: FastifyInstance,
  deps: {
    database: Database
    realtime: Realtime
    forgetModule: (serial: string) => void
    traffic: TrafficRecorder
    commands: Pick<CommandService, 'sendCredentials'>
    /** MQTT_URL is set and its logins are not kept in step (MQTT_DYNSEC): the broker checks module logins. */
    externalBroker: boolean
    onSecrets?: (modules: { serial: string; secret: string }[]) => Promise<void>
    logger: Logger
    now?: () => Date
  },
) {
  const { pool } = deps.database
  const alarmsDal = createAlarmsDal(pool)
  const dal = createOperatorDal(pool)
  const now = deps.now ?? (() => new Date())
  const operator = createOperatorService({
    dal,
    imports: createFleetImports({
      dal,
      now,
      onFailure: (error) => deps.logger.error({ err: error }, 'fleet import failed'),
      onSecrets: deps.onSecrets,
    }),
    alarmsDal,
    alarmEvents: createAlarmEvents({ dal: alarmsDal, realtime: deps.realtime }),
    endClientSockets: (idClient, sessionIds) => {
      for (const sessionId of sessionIds) deps.realtime.endSession(sessionId)
      deps.realtime.endClientSessions(idClient)
    },
    forgetModule: deps.forgetModule,
    commands: deps.commands,
    externalBroker: deps.externalBroker,
    onSecrets: deps.onSecrets,
    now,
  })
  registerOperatorRoutes(app, { operator })
  registerSupervisorRequests({
    realtime: deps.realtime,
    dal: createSupervisorDal(pool),
    traffic: deps.traffic,
  })
  return { operator }
}
