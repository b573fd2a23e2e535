import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import mqtt from 'mqtt'
import { io, type Socket } from 'socket.io-client'
import { openDatabase } from '../apps/server/src/db/client'
import { load } from './history'
import { freePort, machineLoad, model, round, runCli, sleep, startServerProcess, waitUntilReady } from './lib'

/**
 * Issue 23, item 3: can one user stall the server for everyone? A second farm's `GET /api/objects`
 * and a module's reading (publish to PUBACK) are timed on a quiet server, then again while one
 * user of another farm floods it with 400-day `history_request`s (45 at once, again and again) and
 * year-long reports; the figure is each p99 under the flood and its ratio to the quiet run, on the
 * same server in the same run (target: at most 2x).
 */

const DAY = 86_400_000
const password = 'Bench-horse-1'
const flooder = { email: 'flood@example.com', client: 'Flood Farm' }
const neighbour = { email: 'neighbour@example.com', client: 'Neighbour Farm' }

export interface FairnessArgs {
  days: number
  samples: number
  /** history_requests sent at once by the flooding user, round after round. */
  burst: number
  pg: boolean
}

export function parseFairnessArgs(argv: string[]): FairnessArgs {
  const { values } = parseArgs({
    args: argv,
    options: {
      days: { type: 'string', default: '400' },
      samples: { type: 'string', default: '60' },
      burst: { type: 'string', default: '45' },
      pg: { type: 'boolean', default: false },
    },
  })
  return {
    days: Number(values.days),
    samples: Number(values.samples),
    burst: Number(values.burst),
    pg: values.pg ?? false,
  }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

async function login(url: string, email: string) {
  const token = await fetch(`${url}/token`)
  const cookies = token.headers.getSetCookie().map((line) => line.split(';')[0]!)
  const csrf = ((await token.json()) as { token: string }).token
  const answer = await fetch(`${url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'csrf-token': csrf, cookie: cookies.join('; ') },
    body: JSON.stringify({ email, password }),
  })
  if (!answer.ok) throw new Error(`login of ${email} failed: ${answer.status}`)
  const session = answer.headers.getSetCookie().map((line) => line.split(';')[0]!)
  const cookie = [...cookies, ...session].join('; ')
  const again = await fetch(`${url}/token`, { headers: { cookie } })
  return { cookie, csrf: ((await again.json()) as { token: string }).token }
}

export async function runFairness(args: FairnessArgs) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kropla-bench-fairness-'))
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    DATABASE_URL: args.pg ? (process.env.DATABASE_URL ?? '') : '',
    DEMO: '0',
  }
  console.log(
    `fairness bench: one user floods ${args.days}-day history (${args.burst} at once, round after round) and year reports; another farm's /api/objects and a module's PUBACK timed, ${args.samples} samples each, quiet then flooded; ${args.pg ? 'PostgreSQL' : 'embedded database'}; ${machineLoad()}`,
  )
  let server: ReturnType<typeof startServerProcess> | undefined
  const sockets: Socket[] = []
  let device: mqtt.MqttClient | undefined
  try {
    for (const who of [flooder, neighbour])
      await runCli(
        [
          'user',
          'create',
          '--email',
          who.email,
          '--password',
          password,
          '--type',
          'normal',
          '--client',
          who.client,
        ],
        env,
      )
    const csv = path.join(dataDir, 'fleet.csv')
    fs.writeFileSync(
      csv,
      [
        'serial,pin,model,client,secret',
        `FAIR0000,300000,${model},${flooder.client},none`,
        `FAIR0001,300001,${model},${neighbour.client},none`,
      ].join('\n'),
    )
    await runCli(['fleet', 'import', csv], env)

    const end = Math.floor(Date.now() / 3_600_000) * 3_600_000
    const start = end - args.days * DAY
    const database = await openDatabase({ dataDir, databaseUrl: env.DATABASE_URL || undefined })
    let flooded: { id: number; id_client: number }
    try {
      const objects = (
        await database.pool.query<{ id: number; id_client: number; serial: string }>(
          'select id, id_client, serial from objects order by serial',
        )
      ).rows
      flooded = objects.find((row) => row.serial === 'FAIR0000')!
      const t = performance.now()
      await load(database.pool, [flooded], start, end)
      const readings = (await database.pool.query<{ n: number }>('select count(*)::int as n from readings'))
        .rows[0]!
      console.log(
        `loaded ${readings.n} readings and their rollups in ${round((performance.now() - t) / 1000, 1)} s`,
      )
    } finally {
      await database.close()
    }

    const port = await freePort()
    const mqttPort = await freePort()
    env.PORT = String(port)
    env.MQTT_PORT = String(mqttPort)
    server = startServerProcess(env)
    const url = `http://127.0.0.1:${port}`
    await waitUntilReady(server, url)
    const flooding = await login(url, flooder.email)
    const other = await login(url, neighbour.email)
    device = await mqtt.connectAsync(`mqtt://127.0.0.1:${mqttPort}`, {
      clientId: 'FAIR0001',
      username: 'FAIR0001',
      password: '300001',
      reconnectPeriod: 0,
      connectTimeout: 10_000,
    })

    let readingTs = Date.now() - 2 * DAY
    /** One sample of each: the neighbour's module list, and a module's reading to its PUBACK. */
    async function sample() {
      let t = performance.now()
      const answer = await fetch(`${url}/api/objects`, { headers: { cookie: other.cookie } })
      await answer.arrayBuffer()
      if (!answer.ok) throw new Error(`/api/objects answered ${answer.status}`)
      const objectsMs = performance.now() - t
      readingTs += 60_000
      t = performance.now()
      await device!.publishAsync(
        'kropla/v1/FAIR0001/up/data',
        JSON.stringify({ ts: new Date(readingTs).toISOString(), values: { TEMP_1: 20 + Math.random() } }),
        { qos: 1 },
      )
      return { objectsMs, pubackMs: performance.now() - t }
    }
    async function measure() {
      const objectsMs: number[] = []
      const pubackMs: number[] = []
      for (let index = 0; index < args.samples; index++) {
        const one = await sample()
        objectsMs.push(one.objectsMs)
        pubackMs.push(one.pubackMs)
        await sleep(50)
      }
      return { objects: percentile(objectsMs, 99), puback: percentile(pubackMs, 99) }
    }

    // Warm up, then the quiet run.
    for (let index = 0; index < 10; index++) await sample()
    const quiet = await measure()

    // The flood: history over the whole range in bursts on two sockets, and reports, all one user.
    let stop = false
    const counts = { history: 0, historyRefused: 0, reports: 0, reportsRefused: 0, errors: 0 }
    for (let index = 0; index < 2; index++) {
      const socket = io(url, {
        transports: ['websocket'],
        extraHeaders: { cookie: flooding.cookie },
        reconnection: false,
      })
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve())
        socket.once('connect_error', reject)
      })
      sockets.push(socket)
    }
    const historyRequest = {
      id_object: flooded.id,
      fields: ['TEMP_1', 'TEMP_2', 'HUMIDITY_1', 'ECW_1'],
      start_date: new Date(start).toISOString(),
      end_date: new Date(end).toISOString(),
      max_points: 10_000,
    }
    const historyLoops = sockets.map(async (socket) => {
      while (!stop) {
        const answers = (await Promise.all(
          Array.from({ length: args.burst }, () =>
            socket.timeout(120_000).emitWithAck('history_request', historyRequest),
          ),
        )) as { ok?: boolean; err?: string }[]
        for (const answer of answers) {
          if (answer.ok) counts.history++
          else if (answer.err === 'busy_try_again') counts.historyRefused++
          else counts.errors++
        }
      }
    })
    const reportBody = {
      type: 'temperature',
      sources: ['TEMP_1', 'TEMP_2', 'TEMP_3'].map((field) => ({ id: flooded.id, field })),
      start_date: new Date(end - 365 * DAY).toISOString(),
      end_date: new Date(end).toISOString(),
      grouping: 'hour',
    }
    const reportLoops = Array.from({ length: 4 }, async () => {
      while (!stop) {
        const answer = await fetch(`${url}/api/reports`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            cookie: flooding.cookie,
            'csrf-token': flooding.csrf,
          },
          body: JSON.stringify(reportBody),
        })
        await answer.arrayBuffer()
        if (answer.ok) counts.reports++
        else if (answer.status === 429) {
          counts.reportsRefused++
          await sleep(20)
        } else counts.errors++
      }
    })
    await sleep(1000)
    const busy = await measure()
    stop = true
    await Promise.all([...historyLoops, ...reportLoops])

    const ratio = (value: number, baseline: number) => round(value / baseline, 2)
    console.log(
      `flood: ${counts.history} history answers, ${counts.historyRefused} refused busy_try_again; ${counts.reports} reports, ${counts.reportsRefused} refused; ${counts.errors} other errors`,
    )
    console.log(
      `another farm's /api/objects p99: quiet ${round(quiet.objects, 1)} ms, flooded ${round(busy.objects, 1)} ms: ${ratio(busy.objects, quiet.objects)}x`,
    )
    console.log(
      `a module's reading to PUBACK p99: quiet ${round(quiet.puback, 1)} ms, flooded ${round(busy.puback, 1)} ms: ${ratio(busy.puback, quiet.puback)}x`,
    )
    const ok = busy.objects <= 2 * quiet.objects && busy.puback <= 2 * quiet.puback
    console.log(ok ? 'within 2x of the quiet run' : 'NOT within 2x of the quiet run')
    return ok
  } finally {
    for (const socket of sockets) socket.close()
    await device?.endAsync().catch(() => undefined)
    await server?.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}
