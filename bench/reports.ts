import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import type pg from 'pg'
import { openDatabase } from '../apps/server/src/db/client'
import { median, timeRounds } from './history'
import { machineLoad, model, round, type startServerProcess } from './lib'
import {
  type BenchObject,
  benchObjects,
  embeddedServerEnv,
  loadReadings,
  seedBenchFleet,
  startLoggedIn,
  timeAgainAfter,
} from './readings-farm'

/**
 * POST /api/reports and /api/reports/export over a year of 10-minute readings of 20 modules (two
 * fields each), through the real server, against the plain SQL returning the same numbers on the
 * same database in the same run; the server's memory is sampled during the CSV of the raw year.
 */

const DAY = 86_400_000
const benchFields = ['TEMP_1', 'HUMIDITY_1']

export interface ReportsArgs {
  modules: number
  days: number
  repeats: number
}

export function parseReportsArgs(argv: string[]): ReportsArgs {
  const { values } = parseArgs({
    args: argv,
    options: {
      modules: { type: 'string', default: '20' },
      days: { type: 'string', default: '365' },
      repeats: { type: 'string', default: '7' },
    },
  })
  return { modules: Number(values.modules), days: Number(values.days), repeats: Number(values.repeats) }
}

const load = (pool: pg.Pool, objects: BenchObject[], start: number, end: number) =>
  loadReadings(
    pool,
    objects,
    { start, end },
    benchFields,
    `case when f.field like 'TEMP%' then round((15 + 8 * sin(extract(epoch from t.ts) / 13751.0 + $4) + random())::numeric, 1)
          else round((30 + 10 * sin(extract(epoch from t.ts) / 86400.0 + $4))::numeric, 1) end`,
  )

interface Case {
  name: string
  body: Record<string, unknown>
  csv?: boolean
  /** The plain SQL returning the same numbers. */
  sql: { text: string; values: unknown[] }
}

function cases(ids: number[], idClient: number, end: number, timeZone: string): Case[] {
  const range = (days: number) => ({
    start_date: new Date(end - days * DAY).toISOString(),
    end_date: new Date(end).toISOString(),
  })
  const year = range(365)
  const month = range(30)
  const temperature = ids.map((id) => ({ id, field: 'TEMP_1' }))
  const humidity = ids.map((id) => ({ id, field: 'HUMIDITY_1' }))
  return [
    {
      name: 'daily statistics, year',
      body: { type: 'temperature', sources: temperature, ...year, statistics: 'daily' },
      sql: {
        text: `select object_id, bucket, round((sum / count)::numeric, 2)::float8 as avg, min, max from readings_daily
               where object_id = any($1::int[]) and field = 'TEMP_1' and id_client = $2
                 and day >= ($3::timestamptz at time zone $5)::date and day <= ($4::timestamptz at time zone $5)::date
                 and bucket < $4
               order by bucket, object_id`,
        values: [ids, idClient, year.start_date, year.end_date, timeZone],
      },
    },
    {
      name: 'hourly, month',
      body: { type: 'temperature', sources: temperature, ...month, grouping: 'hour' },
      sql: {
        text: `select object_id, bucket, sum / count as value from readings_hourly
               where object_id = any($1::int[]) and field = 'TEMP_1' and id_client = $2
                 and bucket >= $3 and bucket < $4
               order by bucket, object_id`,
        values: [ids, idClient, month.start_date, month.end_date],
      },
    },
    {
      name: 'delta, month (hourly)',
      body: {
        type: 'delta_humidity',
        sources: humidity,
        ...month,
        grouping: 'hour',
        delta_comparator: 'gt',
        delta_value: -100,
      },
      sql: {
        text: `with ends as materialized (
                 select w.object_id,
                   (select value from readings r where r.object_id = w.object_id and r.field = 'HUMIDITY_1'
                      and r.ts >= $3 and r.ts < $4 and r.id_client = $2 order by r.ts limit 1) as first,
                   (select value from readings r where r.object_id = w.object_id and r.field = 'HUMIDITY_1'
                      and r.ts >= $3 and r.ts < $4 and r.id_client = $2 order by r.ts desc limit 1) as last
                 from unnest($1::int[]) as w(object_id))
               select h.object_id, h.bucket, h.sum / h.count as value, e.first, e.last
               from readings_hourly h join ends e on e.object_id = h.object_id
               where h.field = 'HUMIDITY_1' and h.id_client = $2 and h.bucket >= $3 and h.bucket < $4
               order by h.bucket, h.object_id`,
        values: [ids, idClient, month.start_date, month.end_date],
      },
    },
    {
      name: 'CSV, raw year',
      csv: true,
      body: { type: 'temperature', sources: temperature, ...year, grouping: 'minute' },
      sql: {
        text: `select ts, object_id, value from readings
               where object_id = any($1::int[]) and field = 'TEMP_1' and id_client = $2 and ts >= $3 and ts < $4
               order by ts, object_id`,
        values: [ids, idClient, year.start_date, year.end_date],
      },
    },
  ]
}

/** The server process's resident memory (kB) from /proc, or null off Linux. */
function rssKb(pid: number): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
    const match = /VmRSS:\s+(\d+)/.exec(status)
    return match ? Number(match[1]) : null
  } catch {
    return null
  }
}

export async function runReports(args: ReportsArgs) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kropla-bench-reports-'))
  const env = embeddedServerEnv(dataDir)
  const values = args.modules * benchFields.length * args.days * 144
  console.log(
    `reports bench: ${args.modules} ${model} modules x ${benchFields.length} fields x ${args.days} days of 10-minute readings = ${values} readings, embedded database; ${machineLoad()}`,
  )
  let server: ReturnType<typeof startServerProcess> | undefined
  try {
    await seedBenchFleet(env, dataDir, { count: args.modules, prefix: 'REP', firstPin: 300_000 })

    const end = Math.floor(Date.now() / 3_600_000) * 3_600_000 - 3_600_000
    const start = end - args.days * DAY
    let caseList: Case[] = []
    const timeSql = (pool: pg.Pool, repeats: number) =>
      timeRounds(
        repeats,
        caseList,
        async (entry) => (await pool.query(entry.sql.text, entry.sql.values)).rowCount ?? 0,
      )
    let sqlTimes: Awaited<ReturnType<typeof timeSql>>
    const database = await openDatabase({ dataDir })
    try {
      const objects = await benchObjects(database.pool)
      caseList = cases(
        objects.map((object) => object.id),
        objects[0]!.id_client,
        end,
        objects[0]!.time_zone,
      )
      const t = performance.now()
      await load(database.pool, objects, start, end)
      console.log(`loaded in ${round((performance.now() - t) / 1000, 1)} s`)
      sqlTimes = await timeSql(database.pool, args.repeats)
    } finally {
      await database.close()
    }

    const started = await startLoggedIn(env)
    server = started.server
    const { url, cookie } = started
    const token = await fetch(`${url}/token`, { headers: { cookie } })
    const csrf = ((await token.json()) as { token: string }).token
    const serverPid = server.pid
    let peakRss = 0
    let csvBytes = 0
    /** The server's memory while a CSV arrives: (bytes received so far, RSS kB) every 20 ms. */
    let trace: { bytes: number; rssKb: number }[] = []
    const post = async (route: string, body: Record<string, unknown>) => {
      const response = await fetch(`${url}${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'csrf-token': csrf, cookie },
        body: JSON.stringify(body),
      })
      if (!response.ok) throw new Error(`${route}: ${response.status} ${await response.text()}`)
      return response
    }
    /** The CSV read as it comes (never held whole), the server's memory sampled meanwhile; its line count. */
    const readCsv = async (response: Response) => {
      let bytes = 0
      trace = []
      const sampler = setInterval(() => {
        const rss = rssKb(serverPid) ?? 0
        peakRss = Math.max(peakRss, rss)
        trace.push({ bytes, rssKb: rss })
      }, 20)
      let lines = 0
      try {
        const decoder = new TextDecoder()
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          bytes += chunk.length
          const text = decoder.decode(chunk, { stream: true })
          for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) lines++
        }
      } finally {
        clearInterval(sampler)
      }
      csvBytes = bytes
      return lines
    }
    const ask = async (entry: Case) => {
      const response = await post(entry.csv ? '/api/reports/export' : '/api/reports', entry.body)
      if (!entry.csv) {
        const answer = (await response.json()) as { timestamps: number[]; series: { id_object: number }[] }
        // Rows x modules, as the SQL's rows (one per module and row, a day's three statistics in one).
        return answer.timestamps.length * new Set(answer.series.map((series) => series.id_object)).size
      }
      // Header line aside, each row holds one value per module.
      return ((await readCsv(response)) - 1) * args.modules
    }
    // Memory first, on a server that has not yet read the year: the CSV of a month, then of the
    // whole year. Streamed page by page, the year's export needs about what the month's did; held
    // whole it would need twelve times as much.
    const csvCase = caseList.find((entry) => entry.csv)!
    const memoryOf = async (days: number) => {
      const before = rssKb(serverPid) ?? 0
      peakRss = before
      await readCsv(
        await post('/api/reports/export', {
          ...csvCase.body,
          start_date: new Date(end - days * DAY).toISOString(),
        }),
      )
      return { before, peak: peakRss, trace, bytes: csvBytes }
    }
    const month = await memoryOf(30)
    const year = await memoryOf(365)
    const mb = (kb: number) => round(kb / 1024, 0)
    console.log(
      `server memory exporting CSV: a month (${round(month.bytes / 1e6, 1)} MB of CSV) ${mb(month.before)} -> peak ${mb(month.peak)} MB (+${mb(month.peak - month.before)}); ` +
        `then the year (${round(year.bytes / 1e6, 1)} MB) ${mb(year.before)} -> peak ${mb(year.peak)} MB (+${mb(year.peak - year.before)})`,
    )
    const shares = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1]
    console.log(
      `  the year's trace, server RSS by share of the CSV received: ${shares
        .map((share) => {
          const sample = year.trace.find((point) => point.bytes >= share * year.bytes) ?? year.trace.at(-1)
          return `${share * 100}% ${sample ? mb(sample.rssKb) : '?'} MB`
        })
        .join(', ')}`,
    )
    // Untimed first round (cold caches), then the server's memory before the timed rounds.
    for (const entry of caseList) await ask(entry)
    const rssBefore = rssKb(serverPid) ?? 0
    peakRss = rssBefore
    const answers = await timeRounds(args.repeats, caseList, ask)
    await server.stop()
    server = undefined
    await timeAgainAfter(dataDir, sqlTimes, (pool) => timeSql(pool, args.repeats))

    let ok = true
    const results: Record<string, unknown>[] = []
    for (const entry of caseList) {
      const answer = answers.get(entry.name)!
      const sql = sqlTimes.get(entry.name)!
      const answerMs = median(answer.samples)
      const sqlMs = median(sql.samples)
      const ratio = answerMs / sqlMs
      const same = answer.points === sql.points
      let target = ''
      if (entry.name.startsWith('daily')) {
        ok &&= answerMs < 300 && ratio <= 1.3
        target = ' (target: under 300 ms and within 1.3x)'
      }
      if (entry.csv) {
        // "0.7x or better of the dump": the CSV's speed at least 0.7 of the dump's, time <= dump / 0.7.
        ok &&= sqlMs / answerMs >= 0.7
        target = ` (target: speed >= 0.7x the dump's, i.e. time <= ${round(sqlMs / 0.7, 0)} ms; ${round(csvBytes / 1e6, 1)} MB)`
      }
      ok &&= same
      console.log(
        `${entry.name.padEnd(22)} ${String(answer.points).padStart(8)} numbers: server ${round(answerMs, 1)} ms, plain SQL ${round(sqlMs, 1)} ms ` +
          `(${sql.points} rows${same ? '' : ' - NOT THE SAME COUNT'}), ratio ${round(ratio, 2)}${target}`,
      )
      results.push({
        case: entry.name,
        numbers: answer.points,
        answer_ms: round(answerMs, 1),
        sql_ms: round(sqlMs, 1),
        ratio: round(ratio, 2),
      })
    }
    const flat = peakRss - rssBefore
    console.log(
      `server memory: ${round(rssBefore / 1024, 0)} MB before the timed rounds, peak ${round(peakRss / 1024, 0)} MB during them (+${round(flat / 1024, 0)} MB)`,
    )
    console.log(
      JSON.stringify({
        bench: 'reports',
        db: 'embedded',
        modules: args.modules,
        days: args.days,
        results,
        rss_before_mb: round(rssBefore / 1024, 0),
        rss_peak_mb: round(peakRss / 1024, 0),
        csv_memory_mb: {
          month: { before: mb(month.before), peak: mb(month.peak) },
          year: { before: mb(year.before), peak: mb(year.peak) },
        },
        ok,
      }),
    )
    return ok
  } finally {
    await server?.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}
