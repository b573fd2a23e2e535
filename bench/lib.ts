import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'

export const repoRoot = fileURLToPath(new URL('..', import.meta.url))
export const defaultPostgresUrl = 'postgres://postgres@127.0.0.1:5432/test'

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

export const round = (value: number, digits = 0) => {
  const scale = 10 ** digits
  return Math.round(value * scale) / scale
}

/** A port nobody listens on right now (the kernel's pick for port 0). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}

/**
 * A database of its own on a real PostgreSQL for one run, dropped afterwards: the bench never
 * touches the data already there.
 */
export async function createScratchDatabase(adminUrl: string) {
  const name = `kropla_bench_${process.pid}_${Math.random().toString(36).slice(2, 8)}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    await admin.query(`create database ${name}`)
  } finally {
    await admin.end()
  }
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    name,
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl })
      await client.connect()
      try {
        await client.query(`drop database if exists ${name} with (force)`)
      } finally {
        await client.end()
      }
    },
  }
}

/** Runs the Kropla command line to completion; rejects with its output when it fails. */
export function runCli(args: string[], env: NodeJS.ProcessEnv, root = repoRoot): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'apps/server/bin/kropla.mjs'), ...args], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    child.once('error', reject)
    child.once('exit', (code) =>
      code === 0 ? resolve(output.trim()) : reject(new Error(`kropla ${args.join(' ')} failed:\n${output}`)),
    )
  })
}

export interface ServerProcess {
  child: ChildProcess
  pid: number
  /** Sends SIGTERM and waits for the exit (SIGKILL after `ms`); resolves with the exit code. */
  stop(ms?: number): Promise<number | null>
}

/** `kropla serve` (of the checkout at `root`) as a child process; its output goes to ours with a prefix. */
export function startServerProcess(
  env: NodeJS.ProcessEnv,
  nodeArgs: string[] = [],
  root = repoRoot,
): ServerProcess {
  const child = spawn(
    process.execPath,
    [...nodeArgs, path.join(root, 'apps/server/bin/kropla.mjs'), 'serve'],
    { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  const forward = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) console.error(`  [server] ${line}`)
  }
  child.stdout?.on('data', forward)
  child.stderr?.on('data', forward)
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return {
    child,
    pid: child.pid ?? 0,
    async stop(ms = 30_000) {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), ms)
      const code = await exited
      clearTimeout(timer)
      return code
    },
  }
}

/** Polls /readyz until the server says it is ready; fails early when the process exits. */
export async function waitUntilReady(server: ServerProcess, url: string, ms = 60_000) {
  const deadline = Date.now() + ms
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`the server exited (${server.child.exitCode})`)
    const ready = await fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false,
    )
    if (ready) return
    await sleep(100)
  }
  throw new Error(`the server was not ready within ${ms} ms`)
}

const clockTicks = 100

/**
 * CPU seconds used so far by each thread of a process (Linux /proc), keyed by thread name and id;
 * the main thread is `main`. Node names none of its other threads (workers, libuv pool, V8).
 */
export function threadCpu(pid: number): Map<string, number> {
  const result = new Map<string, number>()
  let tasks: string[]
  try {
    tasks = fs.readdirSync(`/proc/${pid}/task`)
  } catch {
    return result
  }
  for (const tid of tasks) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8')
      const close = stat.lastIndexOf(')')
      const name = stat.slice(stat.indexOf('(') + 1, close)
      const fields = stat.slice(close + 2).split(' ')
      // utime and stime are fields 14 and 15 of stat, so 11 and 12 after "pid (comm)".
      const ticks = Number(fields[11]) + Number(fields[12])
      result.set(tid === String(pid) ? 'main' : `${name}#${tid}`, ticks / clockTicks)
    } catch {
      // The thread ended meanwhile.
    }
  }
  return result
}

/** CPU seconds per thread between two samples, busiest first. */
export function cpuDelta(before: Map<string, number>, after: Map<string, number>) {
  return [...after]
    .map(([thread, seconds]) => ({ thread, seconds: seconds - (before.get(thread) ?? 0) }))
    .filter((entry) => entry.seconds > 0)
    .sort((a, b) => b.seconds - a.seconds)
}

/** Records how late a short interval timer fires: the longest time the event loop was blocked. */
export function watchEventLoop(intervalMs = 10) {
  let last = performance.now()
  let max = 0
  const timer = setInterval(() => {
    const now = performance.now()
    max = Math.max(max, now - last - intervalMs)
    last = now
  }, intervalMs)
  return {
    stop() {
      clearInterval(timer)
      const now = performance.now()
      // A stall still going on when we stop counts too.
      return Math.max(max, now - last - intervalMs, 0)
    },
  }
}

/** How busy the machine is besides us: 1-minute load average and, where the kernel has it, CPU pressure. */
export function machineLoad(): string {
  let pressure = ''
  try {
    const line = fs.readFileSync('/proc/pressure/cpu', 'utf8').split('\n')[0] ?? ''
    const avg10 = /avg10=([\d.]+)/.exec(line)?.[1]
    if (avg10) pressure = `, CPU pressure ${avg10} %`
  } catch {
    // No pressure information on this kernel.
  }
  return `load ${os.loadavg()[0]?.toFixed(2)} on ${os.cpus().length} CPUs${pressure}`
}

/** The bench farm: AM-100-103 soil probes, every field of the model, on one client account. */
export const model = 'AM-100-103'
export const fields = [
  'TEMP_1',
  'TEMP_2',
  'TEMP_3',
  'HUMIDITY_1',
  'HUMIDITY_2',
  'HUMIDITY_3',
  'ECW_1',
  'ECW_2',
  'ECW_3',
  'MCI_1',
  'MCI_2',
  'MCI_3',
  'battvol',
  'sigstr',
  'comm',
] as const
export const clientName = 'Bench Farm'
