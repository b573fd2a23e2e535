import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import mqtt from 'mqtt'
import pg from 'pg'
import { openDatabase } from '../apps/server/src/db/client'
import { type ReadingRow, storeReadings } from '../apps/server/src/ingest/readings-dal'
import {
  clientName,
  cpuDelta,
  createScratchDatabase,
  defaultPostgresUrl,
  fields,
  freePort,
  machineLoad,
  model,
  repoRoot,
  round,
  runCli,
  startServerProcess,
  threadCpu,
  waitUntilReady,
} from './lib'

/**
 * End-to-end ingest throughput: the real server as a child process, many MQTT modules publishing
 * QoS 1 data messages as fast as the acknowledgements allow (a PUBACK comes only after commit),
 * then a check that every acknowledged value is stored exactly once, and a raw batched INSERT of
 * the same rows through the same connection path as the baseline.
 */

function fieldValue(field: string, message: number, module: number): number {
  const wave = ((message * 7 + module * 13) % 100) / 100
  if (field.startsWith('TEMP')) return round(12 + wave * 10, 1)
  if (field.startsWith('HUMIDITY')) return round(20 + wave * 30, 1)
  if (field.startsWith('ECW')) return round(wave * 2, 2)
  if (field.startsWith('MCI')) return round(wave, 2)
  if (field === 'battvol') return round(3.4 + wave / 2, 2)
  if (field === 'sigstr') return Math.round(40 + wave * 50)
  return 0
}

export interface IngestArgs {
  modules: number
  messages: number
  inflight: number
  flushMs: number | undefined
  batch: number
  timeoutS: number
  adminUrl: string | undefined
  profileDir: string | undefined
  /** Runs `apps/server` of another checkout (a patched copy, to measure a fix); this one by default. */
  serverRoot: string
}

export function parseIngestArgs(argv: string[]): IngestArgs {
  const { values } = parseArgs({
    args: argv,
    options: {
      modules: { type: 'string', default: '100' },
      messages: { type: 'string', default: '240' },
      inflight: { type: 'string', default: '50' },
      'flush-ms': { type: 'string' },
      batch: { type: 'string', default: '5000' },
      timeout: { type: 'string', default: '90' },
      pg: { type: 'boolean', default: false },
      profile: { type: 'string' },
      'server-root': { type: 'string' },
    },
  })
  const usePg = values.pg || Boolean(process.env.DATABASE_URL)
  return {
    modules: Number(values.modules),
    messages: Number(values.messages),
    inflight: Number(values.inflight),
    flushMs: values['flush-ms'] === undefined ? undefined : Number(values['flush-ms']),
    batch: Number(values.batch),
    timeoutS: Number(values.timeout),
    adminUrl: usePg ? (process.env.DATABASE_URL ?? defaultPostgresUrl) : undefined,
    profileDir: values.profile ? path.resolve(values.profile) : undefined,
    serverRoot: values['server-root'] ? path.resolve(values['server-root']) : repoRoot,
  }
}

interface PublishResult {
  ackedValues: number
  ackedMessages: number
  failed: number
  complete: boolean
  elapsedMs: number
}

/** Every module publishes its messages with at most `inflight` unacknowledged at a time. */
async function publishAll(
  clients: { client: mqtt.MqttClient; serial: string; index: number }[],
  args: IngestArgs,
  baseTs: number,
): Promise<PublishResult> {
  let ackedMessages = 0
  let failed = 0
  let stopped = false
  let lastAck = performance.now()
  const started = performance.now()

  const runs = clients.map(
    ({ client, serial, index }) =>
      new Promise<void>((resolve) => {
        const topic = `kropla/v1/${serial}/up/data`
        let next = 0
        let inflight = 0
        const finish = () => {
          if (inflight === 0 && (next >= args.messages || stopped)) resolve()
        }
        const pump = () => {
          while (!stopped && inflight < args.inflight && next < args.messages) {
            const message = next++
            const values: Record<string, number> = {}
            for (const field of fields) values[field] = fieldValue(field, message, index)
            const payload = JSON.stringify({ ts: new Date(baseTs + message * 1000).toISOString(), values })
            inflight++
            client.publish(topic, payload, { qos: 1 }, (error) => {
              inflight--
              if (error) failed++
              else {
                ackedMessages++
                lastAck = performance.now()
              }
              pump()
              finish()
            })
          }
          finish()
        }
        client.once('close', () => {
          stopped ||= next < args.messages
          inflight = 0
          resolve()
        })
        pump()
      }),
  )

  const total = clients.length * args.messages
  let reported = 0
  const progress = setInterval(() => {
    const seconds = (performance.now() - started) / 1000
    const values = ackedMessages * fields.length
    const rate = (values - reported) / 5
    reported = values
    console.log(
      `  ${seconds.toFixed(0).padStart(3)} s: ${values} values acked (${Math.round((100 * ackedMessages) / total)} %), ${Math.round(rate)} values/s over the last 5 s`,
    )
  }, 5000)
  const deadline = setTimeout(() => {
    console.log(`  time limit of ${args.timeoutS} s reached: no new messages, waiting for the acks`)
    stopped = true
  }, args.timeoutS * 1000)
  const all = Promise.all(runs)
  // The messages still unacknowledged after the limit get 20 s more, then the clients are cut off.
  const hardStop = new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      if (stopped && performance.now() - lastAck > 20_000) {
        clearInterval(timer)
        resolve()
      }
    }, 1000)
    void all.then(() => {
      clearInterval(timer)
      resolve()
    })
  })
  await hardStop
  clearInterval(progress)
  clearTimeout(deadline)
  return {
    ackedMessages,
    ackedValues: ackedMessages * fields.length,
    failed,
    complete: ackedMessages === total,
    elapsedMs: lastAck - started,
  }
}

const describeThreads = (threads: ReturnType<typeof cpuDelta>) =>
  threads
    .slice(0, 4)
    .map((entry) => `${entry.thread} ${entry.seconds.toFixed(1)} s`)
    .join(', ')

type Columns = [number[], string[], string[], (number | null)[], number[]]

/** `count` rows shaped like the server's, message by message, module by module, field by field. */
function benchRows(
  objects: { id: number; id_client: number }[],
  baseTs: number,
  count: number,
): ReadingRow[] {
  const rows: ReadingRow[] = []
  for (let message = 0; rows.length < count; message++) {
    const ts = new Date(baseTs + message * 1000)
    for (const [index, object] of objects.entries()) {
      for (const field of fields) {
        if (rows.length === count) return rows
        rows.push({
          objectId: object.id,
          field,
          ts,
          value: fieldValue(field, message, index),
          idClient: object.id_client,
        })
      }
    }
  }
  return rows
}

function chunks<T>(items: T[], size: number): T[][] {
  const result: T[][] = []
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size))
  return result
}

const toColumns = (rows: ReadingRow[]): Columns => [
  rows.map((row) => row.objectId),
  rows.map((row) => row.field),
  rows.map((row) => row.ts.toISOString()),
  rows.map((row) => row.value),
  rows.map((row) => row.idClient),
]

/**
 * Runs several series of writes, one write at a time, taking turns (the series that goes first
 * alternates); per series the summed wall time and CPU seconds per thread of this process.
 */
async function timeInterleaved(series: (() => Promise<unknown>)[][]) {
  const totals = series.map(() => ({ seconds: 0, threads: new Map<string, number>() }))
  const longest = Math.max(...series.map((writes) => writes.length))
  for (let turn = 0; turn < longest; turn++) {
    const order = series.map((_, index) => index)
    if (turn % 2) order.reverse()
    for (const index of order) {
      const write = series[index]![turn]
      if (!write) continue
      const total = totals[index]!
      const cpuBefore = threadCpu(process.pid)
      const started = performance.now()
      await write()
      total.seconds += (performance.now() - started) / 1000
      for (const { thread, seconds } of cpuDelta(cpuBefore, threadCpu(process.pid)))
        total.threads.set(thread, (total.threads.get(thread) ?? 0) + seconds)
    }
  }
  return totals.map(({ seconds, threads }) => ({ seconds, cpu: cpuDelta(new Map(), threads) }))
}

/** CPU seconds so far of the PostgreSQL backends serving one database (local server, Linux /proc). */
async function backendCpu(adminUrl: string, database: string) {
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    const { rows } = await admin.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1',
      [database],
    )
    const result = new Map<string, number>()
    for (const { pid } of rows)
      result.set(
        String(pid),
        [...threadCpu(pid).values()].reduce((sum, seconds) => sum + seconds, 0),
      )
    return result
  } finally {
    await admin.end()
  }
}

async function transactionSizes(pool: pg.Pool) {
  const { rows } = await pool.query<{
    count: number
    min: number
    max: number
    avg: number
    modules: number
  }>(
    `select count(*)::int as count, min(n)::int as min, max(n)::int as max, round(avg(n))::int as avg,
       round(avg(modules))::int as modules
     from (select count(*) as n, count(distinct object_id) as modules from readings group by xmin::text) per_transaction`,
  )
  return rows[0] ?? { count: 0, min: 0, max: 0, avg: 0, modules: 0 }
}

const rawInsertSql = `
insert into readings (object_id, field, ts, value, id_client)
select * from unnest($1::int[], $2::text[], $3::timestamptz[], $4::float8[], $5::int[])
on conflict do nothing`

export async function runIngest(args: IngestArgs) {
  const dbKind = args.adminUrl ? 'postgres' : 'embedded'
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kropla-bench-'))
  const scratch = args.adminUrl ? await createScratchDatabase(args.adminUrl) : null
  const totalValues = args.modules * args.messages * fields.length
  console.log(
    `ingest bench: ${args.modules} ${model} modules x ${args.messages} messages x ${fields.length} values = ${totalValues} values, ` +
      `${args.inflight} in flight per module, database ${dbKind}${scratch ? ` (scratch ${scratch.name})` : ''}, ` +
      `INGEST_FLUSH_MS ${args.flushMs ?? 'default'}; ${machineLoad()}` +
      (args.serverRoot === repoRoot ? '' : `; server from ${args.serverRoot}`),
  )
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    DATABASE_URL: scratch?.url ?? '',
    DEMO: '0',
    ...(args.flushMs === undefined ? {} : { INGEST_FLUSH_MS: String(args.flushMs) }),
  }
  const clients: { client: mqtt.MqttClient; serial: string; index: number }[] = []
  let server: ReturnType<typeof startServerProcess> | undefined
  try {
    const modules = Array.from({ length: args.modules }, (_, index) => ({
      serial: `BENCH${String(index).padStart(4, '0')}`,
      pin: String(100_000 + index),
    }))
    const csv = path.join(dataDir, 'fleet.csv')
    // Modules made before device secrets (`none`): they log in with their PINs on this server and on
    // a baseline from before secrets, which ignores the column, so both measure the same logins.
    fs.writeFileSync(
      csv,
      [
        'serial,pin,model,client,secret',
        ...modules.map((m) => `${m.serial},${m.pin},${model},${clientName},none`),
      ].join('\n'),
    )
    let t = performance.now()
    console.log(
      `fleet import: ${await runCli(['fleet', 'import', csv], env, args.serverRoot)} (${Math.round(performance.now() - t)} ms)`,
    )

    const [port, mqttPort] = [await freePort(), await freePort()]
    env.PORT = String(port)
    env.MQTT_PORT = String(mqttPort)
    const nodeArgs = args.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${args.profileDir}`] : []
    t = performance.now()
    server = startServerProcess(env, nodeArgs, args.serverRoot)
    await waitUntilReady(server, `http://127.0.0.1:${port}`)
    console.log(`server ready (pid ${server.pid}) in ${Math.round(performance.now() - t)} ms`)

    t = performance.now()
    for (const [index, module] of modules.entries()) {
      const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${mqttPort}`, {
        clientId: module.serial,
        username: module.serial,
        password: module.pin,
        reconnectPeriod: 0,
        connectTimeout: 10_000,
      })
      client.on('error', (error) => console.error(`  ${module.serial}: ${error.message}`))
      clients.push({ client, serial: module.serial, index })
    }
    console.log(`${clients.length} MQTT clients connected in ${Math.round(performance.now() - t)} ms`)

    // Distinct, past timestamps: one second apart per message, starting 30 days ago.
    const baseTs = Math.floor(Date.now() / 1000) * 1000 - 30 * 86_400_000
    const cpuBefore = threadCpu(server.pid)
    const clientCpuBefore = process.cpuUsage()
    const backendsBefore = scratch
      ? await backendCpu(args.adminUrl!, scratch.name)
      : new Map<string, number>()
    const result = await publishAll(clients, args, baseTs)
    const serverCpu = cpuDelta(cpuBefore, threadCpu(server.pid))
    const backendsS = scratch
      ? cpuDelta(backendsBefore, await backendCpu(args.adminUrl!, scratch.name)).reduce(
          (sum, e) => sum + e.seconds,
          0,
        )
      : 0
    const clientCpu = process.cpuUsage(clientCpuBefore)
    const elapsedS = result.elapsedMs / 1000
    const valuesPerS = result.ackedValues / elapsedS
    const serverCpuS = serverCpu.reduce((sum, entry) => sum + entry.seconds, 0)
    const clientCpuS = (clientCpu.user + clientCpu.system) / 1e6
    console.log(
      `end-to-end: ${result.ackedValues} values (${result.ackedMessages} messages) acknowledged in ${elapsedS.toFixed(2)} s = ` +
        `${Math.round(valuesPerS)} values/s${result.complete ? '' : ' (INCOMPLETE: time limit)'}` +
        `${result.failed ? `, ${result.failed} publishes failed` : ''}`,
    )
    console.log(
      `  CPU during the run: server ${serverCpuS.toFixed(1)} s (${(serverCpuS / elapsedS).toFixed(2)} cores), ` +
        `bench/MQTT clients ${clientCpuS.toFixed(1)} s (${(clientCpuS / elapsedS).toFixed(2)} cores)` +
        (scratch
          ? `, PostgreSQL backends ${backendsS.toFixed(1)} s (${(backendsS / elapsedS).toFixed(2)} cores)`
          : ''),
    )
    console.log(
      `  busiest server threads (in embedded mode the busiest besides main is PGlite's worker): ${describeThreads(serverCpu)}`,
    )

    await Promise.all(clients.map(({ client }) => client.endAsync(true).catch(() => undefined)))
    clients.length = 0
    t = performance.now()
    const code = await server.stop()
    console.log(`server stopped with SIGTERM (exit ${code}) in ${Math.round(performance.now() - t)} ms`)
    if (args.profileDir) console.log(`  CPU profiles of the server in ${args.profileDir}`)

    const database = await openDatabase({ databaseUrl: scratch?.url, dataDir })
    try {
      const count = async () =>
        Number(
          (await database.pool.query<{ n: number }>('select count(*)::int as n from readings')).rows[0]?.n,
        )
      const stored = await count()
      const verified = stored === result.ackedValues
      console.log(
        `verify: ${stored} rows stored, ${result.ackedValues} values acknowledged: ` +
          (verified ? 'equal (nothing lost, nothing doubled)' : 'MISMATCH'),
      )

      // How the server batched: every flush is one statement, so one transaction id (xmin).
      const flushes = await transactionSizes(database.pool)
      console.log(
        `  the server wrote them in ${flushes.count} statements (transactions): ` +
          `${flushes.avg} rows on average, ${flushes.min} to ${flushes.max}, from ${flushes.modules} modules on average`,
      )

      // Baselines through the same pool: the same number of rows (other timestamps), in batches of
      // the server's size. The raw INSERT and the server's own statement (storeReadings, no MQTT:
      // what its SQL costs) take turns batch by batch, so both meet the same table size and load.
      const objects = (
        await database.pool.query<{ id: number; id_client: number }>(
          `select id, id_client from objects where serial like 'BENCH%' order by serial`,
        )
      ).rows
      const rawBatches = chunks(
        benchRows(objects, baseTs - 30 * 86_400_000, result.ackedValues),
        args.batch,
      ).map(toColumns)
      const sqlBatches = chunks(
        benchRows(objects, baseTs + args.messages * 1000, result.ackedValues),
        args.batch,
      )
      const [raw, serverSql] = await timeInterleaved([
        rawBatches.map((batch) => () => database.pool.query(rawInsertSql, batch)),
        sqlBatches.map((batch) => () => storeReadings(database.pool, batch)),
      ])
      const rows = result.ackedValues
      const rawPerS = rows / raw!.seconds
      const serverSqlPerS = rows / serverSql!.seconds
      const afterBaselines = await count()
      console.log(
        `raw baseline: ${rows} rows in ${rawBatches.length} INSERT ... unnest() batches of ${args.batch} ` +
          `in ${raw!.seconds.toFixed(2)} s = ${Math.round(rawPerS)} values/s`,
      )
      console.log(`  busiest bench threads meanwhile: ${describeThreads(raw!.cpu)}`)
      console.log(
        `server statement (storeReadings, no MQTT): ${rows} rows in ${sqlBatches.length} batches ` +
          `in ${serverSql!.seconds.toFixed(2)} s = ${Math.round(serverSqlPerS)} values/s`,
      )
      console.log(`  busiest bench threads meanwhile: ${describeThreads(serverSql!.cpu)}`)
      console.log(`  ${afterBaselines - stored} rows added by the baselines (expected ${2 * rows})`)

      const ratio = valuesPerS / rawPerS
      console.log(
        `ratio end-to-end / raw: ${ratio.toFixed(2)} (server statement / raw ${(serverSqlPerS / rawPerS).toFixed(2)}, ` +
          `end-to-end / server statement ${(valuesPerS / serverSqlPerS).toFixed(2)}); ${machineLoad()}`,
      )
      const ok = verified && result.complete && afterBaselines - stored === 2 * rows
      console.log(
        JSON.stringify({
          bench: 'ingest',
          db: dbKind,
          modules: args.modules,
          inflight: args.inflight,
          flush_ms: args.flushMs ?? null,
          values: totalValues,
          values_per_s: Math.round(valuesPerS),
          raw_values_per_s: Math.round(rawPerS),
          ratio: round(ratio, 3),
          stored,
          acked: result.ackedValues,
          elapsed_s: round(elapsedS, 2),
          server_statements: flushes.count,
          avg_batch: flushes.avg,
          avg_modules_per_batch: flushes.modules,
          server_sql_values_per_s: Math.round(serverSqlPerS),
          server_cpu_cores: round(serverCpuS / elapsedS, 2),
          client_cpu_cores: round(clientCpuS / elapsedS, 2),
          ...(scratch ? { postgres_cpu_cores: round(backendsS / elapsedS, 2) } : {}),
          load_1m: round(os.loadavg()[0] ?? 0, 2),
          ok,
        }),
      )
      return ok
    } finally {
      await database.close()
    }
  } finally {
    for (const { client } of clients) client.end(true)
    await server?.stop(5000)
    await scratch
      ?.drop()
      .catch((error: unknown) => console.error('could not drop the scratch database:', error))
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}
