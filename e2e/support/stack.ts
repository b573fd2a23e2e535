import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { seedEmbeddedDataDir } from '../../apps/server/src/test/migrated-template'
import { testBundle } from '../../apps/server/src/test/test-bundle'
import { createScratchDatabase } from '../../apps/server/src/test/test-database'

/**
 * The real product for the journeys: the server (`kropla serve`, demo farm seeded, fresh data
 * directory, free ports) and the simulator beside it, each a child process exactly as `npm start`
 * runs them.
 */
export interface Stack {
  /** http://127.0.0.1:<port>, the server that also serves the built web app at `/`. */
  baseUrl: string
  mqttPort: number
  dataDir: string
  /** Everything both processes printed so far, for failure messages. */
  logs(): string
  /** SIGTERM to the simulator, then the server; SIGKILL to whatever outlives the grace period; removes the data directory. */
  stop(): Promise<void>
  /**
   * Moves the simulator's and the server's clock to `to` and resolves once both have acted on it:
   * the plan runner's pass and the alarm sweep done, the farm's physics advanced and every module's
   * reading sent. Only on the test clock (ADR 0084).
   */
  moveClock(to: Date): Promise<void>
}

export const repoRoot = path.resolve(import.meta.dirname, '../..')
/** The product's own command lines, as `npm start` runs them (the wall-clock journeys). */
const serverBin = path.join(repoRoot, 'apps/server/bin/kropla.mjs')
const simulatorBin = path.join(repoRoot, 'apps/simulator/bin/simulator.mjs')
/**
 * The same server and simulator on a clock the journey moves (test-only entry points, ADR 0084),
 * and the command line for `prepare`, from the run's bundle: compiled once, not once a process (ADR 0095).
 */
const clockedServerEntry = testBundle('clocked-server')
const clockedSimulatorEntry = testBundle('clocked-simulator')
const cliEntry = testBundle('kropla')
const moveClockTimeoutMs = 60_000
const webDist = path.join(repoRoot, 'apps/web/dist/index.html')

const readyTimeoutMs = 180_000
const simulatorTimeoutMs = 120_000
const cliTimeoutMs = 300_000
const stopGraceMs = 10_000

/** What a spec may do to the fresh data directory before the server starts (the embedded database is then free). */
export interface Preparation {
  dataDir: string
  /** Runs `kropla <args>` (e.g. `fleet import file.csv`) on the data directory; resolves with its output, rejects when it fails. */
  cli(args: string[]): Promise<string>
}

export interface StackOptions {
  /** Start the simulator beside the server (default true). */
  simulator?: boolean
  /** Runs before `kropla serve`, e.g. to add modules to the fleet by the command line. */
  prepare?: (preparation: Preparation) => Promise<void>
  /** Settings of the server beyond the journeys' own (e.g. GEOCODER_URL of a stand-in service). */
  env?: Record<string, string>
  /**
   * `kropla serve` and the simulator's own command line on the machine's clock, exactly as
   * `npm start` runs them, for the few journeys named "on the wall clock". By default both run
   * through their test entry points on a clock the journey moves (`moveClock`).
   */
  wallClock?: boolean
  /** Where the test clock starts (default: now). */
  clockStart?: Date
  /**
   * Seconds between the simulated modules' readings (default 3): often enough for a journey to
   * watch a value change within seconds, rare enough that three journeys' live traffic does not
   * take a core of a 2-core machine (ADR 0089).
   */
  readingIntervalSeconds?: number
}

/** A port nobody listens on right now (the kernel's choice for port 0, released at once). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.unref()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => (port ? resolve(port) : reject(new Error('no port assigned'))))
    })
  })
}

// Children still running when this test process ends for any reason (a crashed worker, an
// interrupted run) are killed here, so no server or simulator outlives the run.
const running = new Set<ChildProcess>()
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL')
})

interface Child {
  process: ChildProcess
  output: string[]
  exited: Promise<void>
}

function startChild(
  name: string,
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  clocked = false,
): Child {
  const child = spawn(process.execPath, [script, ...args], {
    cwd: repoRoot,
    env,
    // A test entry point's clock is moved over an IPC channel.
    stdio: clocked ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
  })
  running.add(child)
  const output: string[] = []
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) output.push(`[${name}] ${line}`)
  }
  child.stdout?.on('data', collect)
  child.stderr?.on('data', collect)
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      running.delete(child)
      output.push(`[${name}] exited (${signal ?? `code ${code}`})`)
      resolve()
    })
    child.once('error', (error) => {
      running.delete(child)
      output.push(`[${name}] could not start: ${error.message}`)
      resolve()
    })
  })
  return { process: child, output, exited }
}

async function stopChild(child: Child | undefined): Promise<void> {
  if (!child || child.process.exitCode !== null || child.process.signalCode !== null) return
  child.process.kill('SIGTERM')
  const timer = setTimeout(() => child.process.kill('SIGKILL'), stopGraceMs)
  await child.exited
  clearTimeout(timer)
}

/** Resolves once `check` does, polling every `intervalMs`; rejects when `failed` reports a reason or time runs out. */
async function until(
  what: string,
  check: () => Promise<boolean> | boolean,
  options: { timeoutMs: number; intervalMs?: number; failed?: () => string | undefined },
): Promise<void> {
  const deadline = Date.now() + options.timeoutMs
  for (;;) {
    if (await check()) return
    const failure = options.failed?.()
    if (failure) throw new Error(`${what}: ${failure}`)
    if (Date.now() > deadline) throw new Error(`${what}: not within ${options.timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 200))
  }
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  if (!fs.existsSync(webDist)) {
    throw new Error(
      'apps/web/dist is missing: run `npm run build` (or `npm run test:e2e`, which builds first)',
    )
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kropla-e2e-'))
  // On the PostgreSQL the run names (CI's, ADR 0095), a scratch database copied from the migrated
  // template; else the embedded database, seeded from its migrated template. The wall-clock
  // journeys always run on the embedded one, exactly as `npm start` does.
  const scratch =
    process.env.TEST_DATABASE_URL && !options.wallClock
      ? await createScratchDatabase(process.env.TEST_DATABASE_URL)
      : null
  if (!scratch) await seedEmbeddedDataDir(dataDir)
  const [port, mqttPort] = [await freePort(), await freePort()]
  const baseUrl = `http://127.0.0.1:${port}`
  const env: NodeJS.ProcessEnv = { ...process.env }
  // Settings from the developer's shell must not point the server somewhere else.
  for (const name of ['DATABASE_URL', 'MQTT_URL', 'REDIS_URL', 'PUBLIC_URL', 'NODE_OPTIONS']) delete env[name]
  Object.assign(env, {
    DEMO: '1',
    DATA_DIR: dataDir,
    PORT: String(port),
    MQTT_PORT: String(mqttPort),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    ...(options.clockStart ? { TEST_CLOCK_START: options.clockStart.toISOString() } : {}),
    ...options.env,
  })

  let server: Child | undefined
  let simulator: Child | undefined
  const commands: Child[] = []
  const logs = () =>
    [
      ...commands.flatMap((command) => command.output),
      ...(server?.output ?? []),
      ...(simulator?.output ?? []),
    ].join('\n')
  const stop = async () => {
    for (const command of commands) await stopChild(command)
    await stopChild(simulator)
    await stopChild(server)
    await scratch?.drop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }

  /** One command-line run on the data directory, before the server holds its lock. */
  const cli = async (args: string[]): Promise<string> => {
    const command = startChild(`kropla ${args[0] ?? ''}`, options.wallClock ? serverBin : cliEntry, args, env)
    commands.push(command)
    const timer = setTimeout(() => command.process.kill('SIGKILL'), cliTimeoutMs)
    await command.exited
    clearTimeout(timer)
    const output = command.output.join('\n')
    if (command.process.exitCode !== 0) throw new Error(`kropla ${args.join(' ')} failed:\n${output}`)
    return output
  }

  try {
    await options.prepare?.({ dataDir, cli })
    server = options.wallClock
      ? startChild('server', serverBin, ['serve'], env)
      : startChild('server', clockedServerEntry, [], env, true)
    const serverProcess = server.process
    await until(
      `GET ${baseUrl}/readyz`,
      () =>
        fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(2_000) }).then(
          (response) => response.status === 200,
          () => false,
        ),
      {
        timeoutMs: readyTimeoutMs,
        failed: () => (serverProcess.exitCode !== null ? `the server exited\n${logs()}` : undefined),
      },
    )

    if (options.simulator !== false) {
      simulator = startChild(
        'simulator',
        options.wallClock ? simulatorBin : clockedSimulatorEntry,
        ['--mqtt', `mqtt://127.0.0.1:${mqttPort}`, '--interval', String(options.readingIntervalSeconds ?? 3)],
        env,
        !options.wallClock,
      )
      const simulatorChild = simulator
      await until('the simulator connects every module', () => logs().includes('all modules connected'), {
        timeoutMs: simulatorTimeoutMs,
        intervalMs: 100,
        failed: () =>
          simulatorChild.process.exitCode !== null ? `the simulator exited\n${logs()}` : undefined,
      })
    }
  } catch (error) {
    await stop()
    throw error
  }

  const moveClock = async (to: Date) => {
    if (options.wallClock) throw new Error('this stack runs on the wall clock: its time cannot be moved')
    // The modules first: a run the server sends at the new time is timed by a module's clock.
    if (simulator) await answered(simulator, { type: 'move-clock', to: to.toISOString() })
    if (server) await answered(server, { type: 'move-clock', to: to.toISOString() })
    if (simulator) await answered(simulator, { type: 'tick' })
  }

  return { baseUrl, mqttPort, dataDir, logs, stop, moveClock }
}

/** Sends one clock message to a test entry point and waits for its answer. */
function answered(
  child: Child,
  message: { type: 'move-clock'; to: string } | { type: 'tick' },
): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.process.off('message', onMessage)
      reject(new Error(`no answer to ${JSON.stringify(message)} within ${moveClockTimeoutMs} ms`))
    }, moveClockTimeoutMs)
    const onMessage = (message: unknown) => {
      if ((message as { type?: string } | null)?.type !== 'clock-moved') return
      clearTimeout(timer)
      child.process.off('message', onMessage)
      resolve()
    }
    child.process.on('message', onMessage)
    child.process.send(message)
  })
}
