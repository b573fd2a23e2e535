import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { testBundle } from '../../test/test-bundle'
import { until } from '../../test/test-server'
import { DataDirLockUnavailableError, lockDataDir } from './data-dir-lock'

/**
 * Real `kropla serve` processes on one DATA_DIR, killed as an operator's machine or a container
 * runtime would kill them. The lock must follow the processes' lives, whatever their pids say.
 */
// The command line bundled once for the run (ADR 0095): the same source as bin/kropla.mjs.
const bin = testBundle('kropla')
const startWait = 90_000
// A container's PID namespace, when this machine lets us make one (root with unshare(1), as on CI).
const pidNamespaces =
  process.getuid?.() === 0 &&
  spawnSync('unshare', ['--pid', '--fork', '--mount-proc', 'true'], { stdio: 'ignore' }).status === 0

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kropla-lock-'))
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }))
  return dir
}

type Outcome = { kind: 'running'; url: string } | { kind: 'exited'; code: number | null; output: string }

interface Process {
  child: ChildProcess
  /** Settles when the server listens or when the process ends first. */
  outcome: Promise<Outcome>
  exited: Promise<number | null>
  /** What it printed so far (its JSON log and its errors). */
  output(): string
}

/** Starts `kropla …` on dataDir; inside a fresh PID namespace (where it is PID 1) when asked. */
function kropla(dataDir: string, args: string[], options: { ownPidNamespace?: boolean } = {}): Process {
  const command = [process.execPath, bin, ...args]
  const [file, ...rest] = options.ownPidNamespace
    ? ['unshare', '--pid', '--fork', '--mount-proc', '--kill-child', ...command]
    : command
  const child = spawn(file!, rest, {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      HOST: '127.0.0.1',
      PORT: '0',
      MQTT_PORT: '0',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const outcome = new Promise<Outcome>((resolve) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8')
      const running = /"url":"(http:[^"]+)".*"msg":"Kropla is running"/.exec(output)
      if (running) resolve({ kind: 'running', url: running[1]! })
    }
    child.stdout!.on('data', read)
    child.stderr!.on('data', read)
    void exited.then((code) => resolve({ kind: 'exited', code, output }))
  })
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL')
      await exited
    }
  })
  return { child, outcome, exited, output: () => output }
}

async function running(process: Process): Promise<string> {
  const outcome = await process.outcome
  if (outcome.kind !== 'running') throw new Error(`the server did not start:\n${outcome.output}`)
  return outcome.url
}

async function refused(process: Process): Promise<string> {
  const outcome = await process.outcome
  if (outcome.kind !== 'exited') throw new Error('a second process started on a data directory in use')
  expect(outcome.code).toBe(1)
  return outcome.output
}

async function databaseAnswers(url: string): Promise<boolean> {
  const response = await fetch(`${url}/readyz`)
  return response.status === 200 && ((await response.json()) as { database: boolean }).database
}

const lockOf = (dataDir: string) => path.join(dataDir, 'kropla.lock')
const socketOf = (dataDir: string) => path.join(dataDir, 'run', '.s.PGSQL.5432')
/** Whether any process at all holds the kernel lock on the file, asked of flock(1) itself. */
const lockIsFree = (dataDir: string) => spawnSync('flock', ['-x', '-n', lockOf(dataDir), 'true']).status === 0

// In every tier: the processes run on the embedded database whatever TEST_DATABASE_URL says.
describe('the data-directory lock across processes', () => {
  it(
    'lets a server start after the last one was killed with SIGKILL, even when the lock file names a live process',
    async () => {
      const dataDir = tempDir()
      const first = kropla(dataDir, ['serve'])
      await running(first)
      first.child.kill('SIGKILL')
      await first.exited
      expect(lockIsFree(dataDir)).toBe(true)
      // As left by a server that ran as PID 1 in a container; PID 1 is alive here, but is not Kropla.
      fs.writeFileSync(lockOf(dataDir), '1')

      const second = kropla(dataDir, ['serve'])
      expect(await databaseAnswers(await running(second))).toBe(true)
    },
    startWait * 2,
  )

  it(
    'refuses a second server and the command line while the first lives, even when the lock file names a process that is gone, and keeps the first one’s socket',
    async () => {
      const dataDir = tempDir()
      const first = kropla(dataDir, ['serve'])
      const url = await running(first)
      // What a second process sees when the first is in another PID namespace: a pid that is not alive.
      fs.writeFileSync(lockOf(dataDir), '2147483646')

      const second = await refused(kropla(dataDir, ['serve']))
      expect(second).toContain(`The data directory ${dataDir} is in use by another Kropla process`)
      expect(second).toContain('Stop that process first')
      const backupFile = path.join(dataDir, 'farm.kropla.gz')
      const backup = await refused(kropla(dataDir, ['backup', backupFile]))
      expect(backup).toContain(`The data directory ${dataDir} is in use`)
      expect(fs.existsSync(backupFile)).toBe(false)

      expect(fs.existsSync(socketOf(dataDir))).toBe(true)
      expect(await databaseAnswers(url)).toBe(true)
    },
    startWait * 2,
  )

  it(
    'releases the lock on a clean shutdown, so the command line can open the directory at once',
    async () => {
      const dataDir = tempDir()
      const server = kropla(dataDir, ['serve'])
      await running(server)
      server.child.kill('SIGTERM')
      expect(await server.exited).toBe(0)
      expect(lockIsFree(dataDir)).toBe(true)

      const migrate = await kropla(dataDir, ['migrate']).outcome
      expect(migrate).toMatchObject({ kind: 'exited', code: 0 })
    },
    startWait * 2,
  )

  describe.runIf(pidNamespaces)('in containers (PID namespaces)', () => {
    it(
      'restarts a server that was PID 1 and was killed with SIGKILL, as PID 1 again',
      async () => {
        const dataDir = tempDir()
        const first = kropla(dataDir, ['serve'], { ownPidNamespace: true })
        await running(first)
        expect(first.output()).toContain('"pid":1,')
        // unshare --kill-child passes the SIGKILL on to the server; the kernel then drops its lock.
        first.child.kill('SIGKILL')
        await first.exited
        await until(async () => lockIsFree(dataDir), startWait)

        const second = kropla(dataDir, ['serve'], { ownPidNamespace: true })
        expect(await databaseAnswers(await running(second))).toBe(true)
      },
      startWait * 3,
    )

    it(
      'refuses a server in another PID namespace, which cannot see the first one’s pid',
      async () => {
        const dataDir = tempDir()
        const url = await running(kropla(dataDir, ['serve']))

        const second = await refused(kropla(dataDir, ['serve'], { ownPidNamespace: true }))
        expect(second).toContain(`The data directory ${dataDir} is in use by another Kropla process`)
        expect(fs.existsSync(socketOf(dataDir))).toBe(true)
        expect(await databaseAnswers(url)).toBe(true)
      },
      startWait * 2,
    )
  })
})

describe('the data-directory lock without flock(1)', () => {
  it('refuses with a message naming the data directory and what to install', () => {
    const dataDir = tempDir()
    const searchPath = process.env.PATH
    process.env.PATH = tempDir()
    try {
      expect(() => lockDataDir(dataDir)).toThrow(DataDirLockUnavailableError)
      expect(() => lockDataDir(dataDir)).toThrow(`Cannot lock the data directory ${dataDir}`)
      expect(() => lockDataDir(dataDir)).toThrow(/apt-get install util-linux/)
    } finally {
      process.env.PATH = searchPath
    }
  })
})
