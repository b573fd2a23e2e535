import os from 'node:os'
import type { FastifyInstance } from 'fastify'
import type { Logger } from 'pino'
import type { Config } from '../config/env'
import type { Database } from '../db/client'
import type { createObjectsService } from '../features/objects/objects-service'
import type { TrafficRecorder } from '../features/supervisor/traffic-recorder'
import { registerBrokerHookRoutes } from '../ingest/broker-hook-routes'
import { type BrokerRights, createBrokerRights } from '../ingest/broker-rights'
import { createBrokerRightsDal } from '../ingest/broker-rights-dal'
import { createDeviceLogin, type DeviceLogin } from '../ingest/device-login'
import { createDeviceLoginThrottle, type DeviceLoginPolicies } from '../ingest/device-login-throttle'
import { createDevicePublisher } from '../ingest/device-publisher'
import { connectDynsecControl } from '../ingest/dynsec-control'
import { registerHttpIngestRoutes } from '../ingest/http-ingest-routes'
import { createIngestService, type IngestService } from '../ingest/ingest-service'
import { createModuleRecordsDal } from '../ingest/module-records-dal'
import { createModuleRights } from '../ingest/module-rights'
import { type MqttTransport, startEmbeddedBroker } from '../ingest/mqtt-embedded'
import { connectExternalBroker } from '../ingest/mqtt-external'
import { createObjectDirectory, type ObjectDirectory } from '../ingest/object-directory'
import type { Realtime } from '../realtime/socket-server'
import type { Alarms } from './wire-alarms'
import type { Irrigation } from './wire-irrigation'

/**
 * The way to and from modules that needs no broker yet: the directory of known modules (serial,
 * PIN, owner) and the publisher of messages to them, attached to the broker once it runs.
 */
export function wireDevices(database: Database, logger: Logger, traffic?: TrafficRecorder) {
  return {
    // Module logins and lookups take ingest's own way to the database (ADR 0093).
    directory: createObjectDirectory(createModuleRecordsDal(database.ingest.db)),
    publisher: createDevicePublisher(logger, (entry) =>
      traffic?.record({
        direction: 'out',
        serial: entry.serial,
        kind: entry.kind,
        accepted: entry.sent ? 1 : 0,
        rejected: entry.sent ? 0 : 1,
      }),
    ),
  }
}
export type Devices = ReturnType<typeof wireDevices>

/**
 * Device ingest: readings, acknowledgements and output states from modules (MQTT and HTTP),
 * stored in batches and handed to the features that react to them.
 */
export function wireIngest(
  app: FastifyInstance,
  deps: {
    database: Database
    config: Config
    logger: Logger
    realtime: Realtime
    devices: Devices
    objects: ReturnType<typeof createObjectsService>
    irrigation: Irrigation
    alarms: Pick<Alarms, 'monitor'>
    deviceLoginPolicies?: Partial<DeviceLoginPolicies>
    traffic?: TrafficRecorder
    now?: () => Date
  },
) {
  const { objects, irrigation, alarms } = deps
  const { directory } = deps.devices
  const ingest = createIngestService({
    database: deps.database,
    modules: createModuleRecordsDal(deps.database.ingest.db),
    directory,
    publisher: deps.realtime.publisher,
    logger: deps.logger,
    flushMs: deps.config.INGEST_FLUSH_MS,
    now: deps.now,
    // An acknowledged id is a configuration (objects) or a command; each settles only its own.
    onAck: async (object, ack) => [
      ...(await objects.acknowledge(object, ack)),
      ...(await irrigation.commands.acknowledge(object, ack)),
    ],
    onState: async (object, state, receivedAt) => {
      await irrigation.manual.confirmFromState(object, state, receivedAt)
      await irrigation.plans.confirmPlansFromState(object, state, receivedAt)
    },
    onReadings: (object, readings) => alarms.monitor.onReadings(object, readings),
    onTraffic: (entry) => deps.traffic?.record({ direction: 'in', ...entry }),
  })
  // Failed device logins slow further ones (in memory, per process); with an external broker
  // only HTTP ingest logs modules in here, the broker authenticates MQTT itself.
  const deviceLogin = createDeviceLogin({
    directory,
    throttle: createDeviceLoginThrottle({ policies: deps.deviceLoginPolicies }),
    countRejection: (serial, rejections) => ingest.countRejection(serial, rejections),
  })
  registerHttpIngestRoutes(app, {
    ingest,
    login: deviceLogin,
    pendingCommands: async (object) => [
      ...(await objects.pendingCommands(object)),
      ...(await irrigation.commands.pendingCommands(object)),
    ],
  })
  if (deps.config.MQTT_HOOK_TOKEN) {
    const broker = deps.config.MQTT_URL ? new URL(deps.config.MQTT_URL) : null
    registerBrokerHookRoutes(app, {
      token: deps.config.MQTT_HOOK_TOKEN,
      server: broker?.username
        ? { username: decodeURIComponent(broker.username), password: decodeURIComponent(broker.password) }
        : null,
      login: deviceLogin,
      rights: createModuleRights(directory),
    })
  }
  return { ingest, deviceLogin }
}

/**
 * With MQTT_DYNSEC, the external Mosquitto's logins and topic rights kept in step with the fleet
 * through its dynamic-security plugin (ADR 0091); nothing otherwise. Started before the session
 * that ingests, so that the server's user has its rights when it subscribes.
 */
export function wireBrokerRights(
  config: Config,
  deps: { database: Database; logger: Logger; httpPort: () => number },
): BrokerRights | null {
  if (!config.MQTT_DYNSEC || !config.MQTT_URL) return null
  const url = config.MQTT_URL
  return createBrokerRights({
    dal: createBrokerRightsDal(deps.database.db),
    connect: () =>
      connectDynsecControl({
        url,
        clientId: `kropla-rights-${os.hostname()}-${deps.httpPort()}-${process.pid}`,
      }),
    serverUsername: decodeURIComponent(new URL(url).username),
    logger: deps.logger,
    everyMs: config.MQTT_DYNSEC_SYNC_MS,
  })
}

/**
 * The MQTT side: the embedded broker on MQTT_PORT, or a session on the external broker named by
 * MQTT_URL (named after the HTTP port, which tells processes on one host apart).
 */
export function startBroker(
  config: Config,
  deps: {
    httpPort: number
    directory: ObjectDirectory
    ingest: IngestService
    deviceLogin: DeviceLogin
    logger: Logger
  },
): Promise<MqttTransport> {
  const { directory, ingest, logger } = deps
  return config.MQTT_URL
    ? connectExternalBroker({
        url: config.MQTT_URL,
        sessionName: String(deps.httpPort),
        directory,
        ingest,
        logger,
      })
    : startEmbeddedBroker({
        port: config.MQTT_PORT,
        host: config.HOST,
        directory,
        ingest,
        login: deps.deviceLogin,
        logger,
      })
}
