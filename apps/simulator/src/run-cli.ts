import { type Clock, systemClock } from '@kropla/domain'
import { parseCliOptions, usage } from './cli-options'
import { createFarmSimulator, type FarmSimulator } from './farm-simulator'
import { consoleLogger } from './logger'
import { readSecretsFile, writeSecretsFile } from './secrets-file'

/**
 * The simulator's command line: options from argv and the environment, the farm started, stopped
 * on SIGINT or SIGTERM. `clock` is the system's; the test-only entry point (test/clocked-simulator.ts)
 * hands in one a test moves.
 */
export async function runSimulatorCli(clock: Clock = systemClock): Promise<FarmSimulator | undefined> {
  let options: ReturnType<typeof parseCliOptions>
  try {
    options = parseCliOptions(process.argv.slice(2), process.env)
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${usage}`)
    process.exit(2)
  }
  if (options === 'help') {
    console.log(usage)
    process.exit(0)
  }

  let secrets: ReturnType<typeof readSecretsFile>
  try {
    secrets = readSecretsFile(options.secretsFile)
  } catch (error) {
    console.error((error as Error).message)
    process.exit(2)
  }
  const { secretsFile } = options
  if (!secrets) consoleLogger.warn(`no module secrets in ${secretsFile}: the modules log in with their PINs`)

  const simulator = createFarmSimulator({
    mqttUrl: options.mqttUrl,
    secrets: secrets ?? {},
    onSecretsChanged: (held) => writeSecretsFile(secretsFile, held),
    intervalMs: options.intervalSeconds * 1000,
    seed: options.seed,
    ...(options.httpUrl ? { httpUrl: options.httpUrl } : {}),
    logger: consoleLogger,
    now: () => clock.now(),
  })

  let stopping = false
  async function shutDown(signal: string) {
    if (stopping) {
      // A second Ctrl-C means now; the broker will send the last will instead.
      process.exit(1)
    }
    stopping = true
    consoleLogger.info(`${signal}: marking modules offline and disconnecting`)
    await simulator.stop()
    process.exitCode = 0
  }
  process.on('SIGINT', () => void shutDown('SIGINT'))
  process.on('SIGTERM', () => void shutDown('SIGTERM'))

  consoleLogger.info(`connecting to ${options.mqttUrl}, a reading every ${options.intervalSeconds} s`)
  try {
    await simulator.start()
    consoleLogger.info('all modules connected')
    return simulator
  } catch (error) {
    // Stopped by a signal while still connecting is a normal end, not a failure.
    if (!stopping) {
      consoleLogger.error((error as Error).message)
      process.exitCode = 1
    }
    return undefined
  }
}
