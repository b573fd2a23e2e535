import { type DemoModule, demoFarm } from '@kropla/domain'
import { handleDownMessage } from './device/handle-down-message'
import { floorToSecond, toProtocolTimestamp } from './device/protocol-time'
import { createFarmWorld, type OutputClosing } from './farm/farm-world'
import { createModuleCredentials, type ModuleCredentials } from './link/credentials'
import { createDeviceLink, type DeviceLink } from './link/device-link'
import { createHttpLink, httpModels } from './link/http-link'
import { consoleLogger, type SimulatorLogger } from './logger'

export interface FarmSimulatorOptions {
  mqttUrl: string
  /** The farm's modules; the demo farm by default. */
  modules?: readonly DemoModule[]
  /**
   * Device secrets by serial: a module with one logs in with it, any other with its PIN. The demo's
   * come from the file its server wrote in the data directory (DemoModuleSecrets).
   */
  secrets?: Readonly<Record<string, string>>
  /**
   * A module stored a new secret (`down/credentials`, once the server had its `done`): every secret
   * the farm holds now, to keep where the next run finds them.
   */
  onSecretsChanged?: (secrets: Record<string, string>) => Promise<void> | void
  /** Milliseconds between readings. */
  intervalMs: number
  /** The clock; a test hands in a fake one to move time on at will. */
  now?: () => Date
  logger?: SimulatorLogger
  /** Seeds the weather and every sensor's noise: the same seed and clock replay the same farm. */
  seed?: number
  /** Milliseconds between reconnection attempts after the link drops. */
  reconnectPeriodMs?: number
  /**
   * The server's HTTP address. When given, LTE-M modules (WG-100) post their readings to
   * `POST /ingest/v1/{serial}` as the real ones do; without it they use MQTT like the rest.
   */
  httpUrl?: string
}

export interface FarmSimulator {
  /** Connects every module and starts the readings; rejects (and stops) if the broker refuses a module. */
  start(): Promise<void>
  /** Marks every module `offline`, disconnects cleanly and publishes nothing more. */
  stop(): Promise<void>
  /** Takes one reading of every module now: published, or buffered while its link is down. */
  tick(): Promise<void>
}

export const simulatorFirmware = '0.1.0-sim'
const defaultSeed = 20260501
/** setTimeout cannot wait longer than this; a later closing is re-armed when the timer fires. */
const maxTimerMs = 2_147_483_647

export function createFarmSimulator(options: FarmSimulatorOptions): FarmSimulator {
  const modules = options.modules ?? demoFarm.modules
  const now = options.now ?? (() => new Date())
  const logger = options.logger ?? consoleLogger
  const world = createFarmWorld({ modules, seed: options.seed ?? defaultSeed, startAt: now() })
  const credentials = createModuleCredentials(modules, options.secrets)
  const links = createLinks(modules, options, logger, credentials, {
    onDown: (serial, kind, payload) => answerDownMessage(serial, kind, payload),
    onConnected: (link) => reportStates(link),
  })
  const linkOf = new Map(links.flatMap((link) => link.serials.map((serial) => [serial, link] as const)))
  const lastReadingAt = new Map<string, number>()
  let state: 'idle' | 'running' | 'stopped' = 'idle'
  let readingTimer: NodeJS.Timeout | undefined
  let closingTimer: NodeJS.Timeout | undefined
  const isStopped = () => state === 'stopped'

  const report = (promise: Promise<unknown>, what: string) =>
    promise.catch((error: Error) => logger.warn(`${what}: ${error.message}`))

  function publishState(serial: string, at: Date) {
    const outputs = world.outputs(serial)
    if (!outputs) return
    report(
      linkOf
        .get(serial)!
        .publish(serial, 'state', { ts: toProtocolTimestamp(at), outputs: outputs.snapshot() }),
      `${serial}: state`,
    )
  }

  /** After a (re)connect the server learns the outputs' real state, including closings it missed. */
  function reportStates(link: DeviceLink) {
    for (const serial of link.serials) publishState(serial, now())
  }

  function answerDownMessage(serial: string, kind: string, payload: Buffer) {
    if (state === 'stopped') return
    const { replies, dropped, secret } = handleDownMessage(world, serial, kind, payload, now())
    if (dropped) logger.warn(`${serial}: ${dropped}`)
    const link = linkOf.get(serial)!
    for (const reply of replies) {
      const sent = link.publish(serial, reply.kind, reply.payload)
      report(sent, `${serial}: ${reply.kind}`)
      // The server switches to the secret when it has the `done`; the module from then on.
      if (secret && reply.kind === 'ack')
        report(
          sent.then(() => keepSecret(serial, secret)),
          `${serial}: new secret`,
        )
    }
    armClosingTimer()
  }

  async function keepSecret(serial: string, secret: string) {
    if (credentials.password(serial) === secret) return
    credentials.store(serial, secret)
    logger.info(`${serial}: new device secret stored, used from the next connection`)
    await options.onSecretsChanged?.(credentials.secrets())
  }

  /** Timed openings close on the module's own clock, whether or not the server is there. */
  function closeDueOutputs(at: Date) {
    const closings = world.closeDueOutputs(at)
    const lastBySerial = new Map<string, OutputClosing>(closings.map((closing) => [closing.serial, closing]))
    for (const closing of lastBySerial.values()) {
      logger.info(`${closing.serial}: timed opening ended, closed ${closing.name}`)
      publishState(closing.serial, closing.at)
    }
    armClosingTimer()
  }

  function armClosingTimer() {
    clearTimeout(closingTimer)
    const next = world.nextClosingAt()
    if (!next || state === 'stopped') return
    const waitMs = Math.min(maxTimerMs, Math.max(0, next.getTime() - now().getTime()))
    closingTimer = setTimeout(() => closeDueOutputs(now()), waitMs)
  }

  async function tick() {
    if (state === 'stopped') return
    const at = floorToSecond(now())
    closeDueOutputs(at)
    world.advanceTo(at)
    const sending: Promise<unknown>[] = []
    for (const module of modules) {
      // Two ticks in one second would repeat a (module, field, ts); the second is not a new reading.
      if (lastReadingAt.get(module.serial) === at.getTime()) continue
      lastReadingAt.set(module.serial, at.getTime())
      const reading = { ts: toProtocolTimestamp(at), values: world.read(module.serial, at) }
      sending.push(
        report(linkOf.get(module.serial)!.sendReading(module.serial, reading), `${module.serial}: data`),
      )
    }
    await Promise.all(sending)
  }

  async function start() {
    if (state !== 'idle') return
    state = 'running'
    try {
      await Promise.all(links.map((link) => link.connect()))
    } catch (error) {
      await stop()
      throw error
    }
    // stop() may have run while connecting (a signal during start-up).
    if (isStopped()) return
    readingTimer = setInterval(() => {
      tick().catch((error: Error) => logger.error(`reading failed: ${error.message}`))
    }, options.intervalMs)
    await tick()
  }

  async function stop() {
    if (state === 'stopped') return
    state = 'stopped'
    clearInterval(readingTimer)
    clearTimeout(closingTimer)
    await Promise.all(links.map((link) => link.close()))
  }

  return { start, stop, tick }
}

interface LinkHandlers {
  onDown(serial: string, kind: string, payload: Buffer): void
  onConnected(link: DeviceLink): void
}

/** One connection per module that holds its own; a module with a base station speaks through it. */
function createLinks(
  modules: readonly DemoModule[],
  options: FarmSimulatorOptions,
  logger: SimulatorLogger,
  credentials: ModuleCredentials,
  handlers: LinkHandlers,
): DeviceLink[] {
  const overHttp = (module: DemoModule) => options.httpUrl !== undefined && httpModels.has(module.model)
  const gateways = new Set(modules.filter((module) => !module.baseStation).map((module) => module.serial))
  for (const module of modules) {
    if (module.baseStation && !gateways.has(module.baseStation)) {
      throw new Error(
        `${module.serial}: its base station ${module.baseStation} is not on the farm with its own connection`,
      )
    }
  }
  return modules
    .filter((module) => !module.baseStation)
    .map((gateway) => {
      if (overHttp(gateway))
        return createHttpLink({
          httpUrl: options.httpUrl!,
          module: gateway,
          credentials,
          logger,
          onDown: handlers.onDown,
        })
      const link: DeviceLink = createDeviceLink({
        mqttUrl: options.mqttUrl,
        gateway,
        credentials,
        relayed: modules.filter((module) => module.baseStation === gateway.serial),
        firmware: simulatorFirmware,
        reconnectPeriodMs: options.reconnectPeriodMs ?? 5000,
        logger,
        onDown: handlers.onDown,
        onConnected: () => handlers.onConnected(link),
      })
      return link
    })
}
