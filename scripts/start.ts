import { type ChildProcess, spawn } from 'node:child_process'
import net from 'node:net'
import { fileURLToPath } from 'node:url'
import { demoFarm } from '@kropla/domain'

/**
 * `npm start`: the server with the demo farm seeded, and the simulator beside it as a separate
 * process, exactly as real modules would connect. Ctrl-C stops both cleanly.
 */
const root = fileURLToPath(new URL('..', import.meta.url))
const env: NodeJS.ProcessEnv = { ...process.env, DEMO: process.env.DEMO ?? '1' }
const port = Number(env.PORT ?? 8080)

function portIsFree(candidate: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer()
    probe.once('error', () => resolve(false))
    probe.listen(candidate, '0.0.0.0', () => probe.close(() => resolve(true)))
  })
}

// A machine that already runs a broker on 1883 still gets a working demo.
if (!env.MQTT_URL && !env.MQTT_PORT && !(await portIsFree(1883))) {
  env.MQTT_PORT = '11883'
  console.log('Port 1883 is taken (another MQTT broker?); the embedded broker uses 11883 instead.')
}
const mqttUrl = env.MQTT_URL ?? `mqtt://127.0.0.1:${env.MQTT_PORT ?? 1883}`

const children: ChildProcess[] = []
const run = (script: string, args: string[]) => {
  const child = spawn(process.execPath, [script, ...args], { cwd: root, env, stdio: 'inherit' })
  children.push(child)
  return child
}

const server = run('apps/server/bin/kropla.mjs', ['serve'])
server.once('exit', (code) => {
  for (const child of children) if (child !== server) child.kill('SIGTERM')
  process.exit(code ?? 0)
})
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal)
  })
}

async function waitUntilReady() {
  for (;;) {
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (response) => response.ok,
      () => false,
    )
    if (ready) return
    await new Promise((resolve) => setTimeout(resolve, 300))
  }
}

await waitUntilReady()
if (env.DEMO === '1' || env.DEMO === 'true') {
  run('apps/simulator/bin/simulator.mjs', ['--mqtt', mqttUrl])
  console.log(
    `\nKropla is running at http://localhost:${port}\n` +
      `Log in as ${demoFarm.user.email} with the password ${demoFarm.user.password}\n`,
  )
}
