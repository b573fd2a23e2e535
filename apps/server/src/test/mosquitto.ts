import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

/** Where Debian and Ubuntu (and a build from source) put Mosquitto's dynamic-security plugin. */
const pluginPaths = [
  process.env.MOSQUITTO_DYNSEC_PLUGIN,
  `/usr/lib/${process.arch === 'arm64' ? 'aarch64' : 'x86_64'}-linux-gnu/mosquitto_dynamic_security.so`,
  '/usr/lib/mosquitto_dynamic_security.so',
  '/usr/local/lib/mosquitto_dynamic_security.so',
]

const runs = (command: string, args: string[]) => !spawnSync(command, args, { stdio: 'ignore' }).error

/** Why a Mosquitto with the dynamic-security plugin cannot be started here, or null when it can. */
export function mosquittoMissing(): string | null {
  if (!runs('mosquitto', ['-h'])) return 'no mosquitto binary on the PATH'
  if (!runs('mosquitto_ctrl', ['help'])) return 'no mosquitto_ctrl binary on the PATH'
  if (!pluginPaths.some((each) => each && fs.existsSync(each)))
    return `no dynamic-security plugin (looked in ${pluginPaths.filter(Boolean).join(', ')}; MOSQUITTO_DYNSEC_PLUGIN names another)`
  return null
}

async function freePort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  if (typeof address !== 'object' || !address) throw new Error('no free port')
  return address.port
}

async function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

export interface Mosquitto {
  port: number
  /** The administrator `mosquitto_ctrl dynsec init` made (role `admin`): the server's user. */
  admin: { username: string; password: string }
  url(credentials?: { username: string; password: string }): string
  stop(): Promise<void>
}

/**
 * A Mosquitto of the test's own, as the README tells an operator to set one up: the
 * dynamic-security plugin, anonymous clients refused, on a free port of 127.0.0.1, its state in a
 * temporary directory.
 */
export async function startMosquitto(): Promise<Mosquitto> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kropla-mosquitto-'))
  const admin = { username: 'kropla', password: `admin-${Math.random().toString(36).slice(2)}` }
  const state = path.join(dir, 'dynamic-security.json')
  const init = spawnSync('mosquitto_ctrl', ['dynsec', 'init', state, admin.username, admin.password], {
    encoding: 'utf8',
  })
  if (init.status !== 0) throw new Error(`mosquitto_ctrl dynsec init failed: ${init.stderr}${init.stdout}`)
  const plugin = pluginPaths.find((each) => each && fs.existsSync(each))!
  const port = await freePort()
  const conf = path.join(dir, 'mosquitto.conf')
  fs.writeFileSync(
    conf,
    [
      'per_listener_settings false',
      'allow_anonymous false',
      // Started as root, Mosquitto would become the `mosquitto` user, who cannot write the state file.
      `user ${os.userInfo().username}`,
      `listener ${port} 127.0.0.1`,
      `plugin ${plugin}`,
      `plugin_opt_config_file ${state}`,
      'log_dest stderr',
      '',
    ].join('\n'),
  )
  const child: ChildProcess = spawn('mosquitto', ['-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] })
  let log = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000)
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const deadline = Date.now() + 10_000
  while (!(await answers(port))) {
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`mosquitto did not start on port ${port}:\n${log}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  return {
    port,
    admin,
    url: (credentials) =>
      credentials
        ? `mqtt://${encodeURIComponent(credentials.username)}:${encodeURIComponent(credentials.password)}@127.0.0.1:${port}`
        : `mqtt://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM')
        await exited
      }
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}
