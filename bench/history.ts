import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import type pg from 'pg'
import { io, type Socket } from 'socket.io-client'
import { openDatabase } from '../apps/server/src/db/client'
import { fields, machineLoad, model, round, type startServerProcess } from './lib'
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
 * `history_request` over a day, a month and a year of 10-minute readings of 20 AM-100-103 modules
 * (every field), through the real server's socket, against the plain SQL that returns the same
 * points on the same database in the same run.
 */

const DAY = 86_400_000

export interface HistoryArgs {
  modules: number
  days: number
  repeats: number
  /** Seconds of untimed requests after the server's start. */
  settleS: number
}

export function parseHistoryArgs(argv: string[]): HistoryArgs {
  const { values } = parseArgs({
    args: argv,
    options: {
      modules: { type: 'string', default: '20' },
      days: { type: 'string', default: '365' },
      repeats: { type: 'string', default: '15' },
      settle: { type: 'string', default: '10' },
    },
  })
  return {
    modules: Number(values.modules),
    days: Number(values.days),
    repeats: Number(values.repeats),
    settleS: Number(values.settle),
  }
}

/**
 * A year of readings generated inside the database, one statement per module (10-minute steps,
 * every field, smooth daily waves with a little noise), then the rollups built by the migration's
 * own statements.
 */
export const load = (
  pool: pg.Pool,
  objects: { id: number; id_client: number }[],
  start: number,
  end: number,
) =>
  loadReadings(
    pool,
    objects,
    { start, end },
    fields,
    `case
       when f.field like 'TEMP%' then round((15 + 8 * sin(extract(epoch from t.ts) / 13751.0 + $4) + random())::numeric, 1)
       when f.field like 'HUMIDITY%' then round((30 + 10 * sin(extract(epoch from t.ts) / 86400.0 + $4))::numeric, 1)
       when f.field like 'ECW%' then round((1 + sin(extract(epoch from t.ts) / 50000.0))::numeric, 2)
       when f.field like 'MCI%' then round((0.5 + 0.4 * sin(extract(epoch from t.ts) / 70000.0))::numeric, 2)
       when f.field = 'battvol' then 3.6
       when f.field = 'sigstr' then 70
       else 0 end`,
  )

interface Case {
  name: string
  start: string
  end: string
  /** The plain SQL returning the points the answer holds, and the same points from raw readings. */
  sql: { text: string; values: unknown[] }
  fromRaw: { text: string; values: unknown[] }
}

function cases(idObject: number, idClient: number, end: number, timeZone: string): Case[] {
  const range = (days: number) => ({
    start: new Date(end - days * DAY).toISOString(),
    end: new Date(end).toISOString(),
  })
  const day = range(1)
  const month = range(30)
  const year = range(365)
  const base = [idObject, idClient, ['TEMP_1']]
  return [
    {
      name: 'day',
      ...day,
      sql: {
        text: `select ts, field, value from readings
               where object_id = $1 and field = any($3::text[]) and ts >= $4 and ts < $5 and id_client = $2 order by ts`,
        values: [...base, day.start, day.end],
      },
      fromRaw: {
        text: `select ts, field, value from readings
               where object_id = $1 and field = any($3::text[]) and ts >= $4 and ts < $5 and id_client = $2 order by ts`,
        values: [...base, day.start, day.end],
      },
    },
    {
      name: 'month',
      ...month,
      sql: {
        text: `select bucket, field, sum / count as value, min, max, sum, count from readings_hourly
               where object_id = $1 and field = any($3::text[]) and bucket >= $4 and bucket < $5 and id_client = $2
               order by bucket`,
        values: [...base, month.start, month.end],
      },
      fromRaw: {
        text: `select date_trunc('hour', ts, 'UTC') as bucket, field, avg(value), min(value), max(value), sum(value), count(*)
               from readings where object_id = $1 and field = any($3::text[]) and ts >= $4 and ts < $5 and id_client = $2
               group by 1, 2 order by 1`,
        values: [...base, month.start, month.end],
      },
    },
    {
      name: 'year',
      ...year,
      sql: {
        text: `select bucket, field, sum / count as value, min, max, sum, count from readings_daily
               where object_id = $1 and field = any($3::text[])
                 and day >= ($4::timestamptz at time zone $6)::date and day <= ($5::timestamptz at time zone $6)::date
                 and bucket < $5 and id_client = $2
               order by bucket`,
        values: [...base, year.start, year.end, timeZone],
      },
      fromRaw: {
        text: `select (ts at time zone $6)::date as day, field, avg(value), min(value), max(value), sum(value), count(*)
               from readings where object_id = $1 and field = any($3::text[]) and ts >= $4 and ts < $5 and id_client = $2
               group by 1, 2 order by 1`,
        values: [...base, year.start, year.end, timeZone],
      },
    },
  ]
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

/**
 * Times `run` for every case, `repeats` rounds, the cases taking turns within a round (so a burst
 * of other work on the machine falls on all of them alike) after one untimed round; per case the
 * samples in ms and the points of the last answer.
 */
export async function timeRounds<T extends { name: string }>(
  repeats: number,
  entries: readonly T[],
  run: (entry: T) => Promise<number>,
) {
  const timed = new Map(entries.map((entry) => [entry.name, { samples: [] as number[], points: 0 }]))
  for (let round = -1; round < repeats; round++)
    for (const entry of entries) {
      const started = performance.now()
      const points = await run(entry)
      const elapsed = performance.now() - started
      const record = timed.get(entry.name)!
      record.points = points
      if (round >= 0) record.samples.push(elapsed)
    }
  return timed
}

export async function runHistory(args: HistoryArgs) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kropla-bench-history-'))
  const env = embeddedServerEnv(dataDir)
  const values = args.modules * fields.length * args.days * 144
  console.log(
    `history bench: ${args.modules} ${model} modules x ${fields.length} fields x ${args.days} days of 10-minute readings = ${values} readings, embedded database; ${machineLoad()}`,
  )
  let server: ReturnType<typeof startServerProcess> | undefined
  let socket: Socket | undefined
  try {
    await seedBenchFleet(env, dataDir, { count: args.modules, prefix: 'HIST', firstPin: 200_000 })

    // Readings end at the last whole hour; the ranges end there too.
    const end = Math.floor(Date.now() / 3_600_000) * 3_600_000
    const start = end - args.days * DAY
    const database = await openDatabase({ dataDir })
    let sqlTimes: Awaited<ReturnType<typeof timeRounds>>
    let fromRaw: Awaited<ReturnType<typeof timeRounds>>
    let target: BenchObject
    let caseList: Case[] = []
    // The plain SQL is timed before the server starts and again after it stops (the embedded
    // database has one owner at a time); both halves' samples make its median.
    const timeSql = (pool: pg.Pool) =>
      timeRounds(
        args.repeats,
        caseList,
        async (entry) => (await pool.query(entry.sql.text, entry.sql.values)).rowCount ?? 0,
      )
    try {
      const objects = await benchObjects(database.pool)
      target = objects[0]!
      caseList = cases(target.id, target.id_client, end, target.time_zone)
      const t = performance.now()
      await load(database.pool, objects, start, end)
      const counts = (
        await database.pool.query<{ readings: number; hourly: number; daily: number }>(
          `select (select count(*) from readings)::int as readings, (select count(*) from readings_hourly)::int as hourly,
             (select count(*) from readings_daily)::int as daily`,
        )
      ).rows[0]!
      console.log(
        `loaded ${counts.readings} readings, ${counts.hourly} hourly and ${counts.daily} daily rollup rows in ${round((performance.now() - t) / 1000, 1)} s`,
      )
      sqlTimes = await timeSql(database.pool)
      fromRaw = await timeRounds(
        3,
        caseList,
        async (entry) => (await database.pool.query(entry.fromRaw.text, entry.fromRaw.values)).rowCount ?? 0,
      )
    } finally {
      await database.close()
    }

    const started = await startLoggedIn(env)
    server = started.server
    const { url, cookie } = started
    const connected = io(url, { transports: ['websocket'], extraHeaders: { cookie }, reconnection: false })
    socket = connected
    await new Promise<void>((resolve, reject) => {
      connected.once('connect', () => resolve())
      connected.once('connect_error', reject)
    })

    const results: Record<string, unknown>[] = []
    let ok = true
    // The first seconds after start-up the server is busy with its own start (first passes of its
    // periodic work, cold caches): every range is asked for a while before anything is timed.
    const ask = (entry: Case) =>
      connected.timeout(60_000).emitWithAck('history_request', {
        id_object: target.id,
        fields: ['TEMP_1'],
        start_date: entry.start,
        end_date: entry.end,
      }) as Promise<{ rows?: unknown[]; resolution?: string; err?: string }>
    const settleUntil = performance.now() + args.settleS * 1000
    while (performance.now() < settleUntil) for (const entry of caseList) await ask(entry)
    const resolutions = new Map<string, string>()
    const answers = await timeRounds(args.repeats, caseList, async (entry) => {
      const reply = await ask(entry)
      if (!reply.rows) throw new Error(`history_request refused: ${reply.err}`)
      resolutions.set(entry.name, reply.resolution ?? '')
      return reply.rows.length
    })
    socket.close()
    await server.stop()
    server = undefined
    await timeAgainAfter(dataDir, sqlTimes, timeSql)

    for (const entry of caseList) {
      const answer = answers.get(entry.name)!
      const sql = sqlTimes.get(entry.name)!
      const answerMs = median(answer.samples)
      const sqlMs = median(sql.samples)
      const rawMs = median(fromRaw.get(entry.name)!.samples)
      const resolution = resolutions.get(entry.name) ?? ''
      const ratio = answerMs / sqlMs
      const samePoints = answer.points === sql.points
      ok &&= samePoints
      if (entry.name === 'year') ok &&= answerMs < 300 && ratio <= 1.5
      console.log(
        `${entry.name.padEnd(5)} ${resolution.padEnd(4)} ${String(answer.points).padStart(5)} points: history_request ${round(answerMs, 1)} ms, ` +
          `plain SQL ${round(sqlMs, 1)} ms (${sql.points} rows${samePoints ? '' : ' - NOT THE SAME COUNT'}), ratio ${round(ratio, 2)}; ` +
          `the same points aggregated from raw readings ${round(rawMs, 1)} ms (ratio ${round(answerMs / rawMs, 2)})`,
      )
      results.push({
        range: entry.name,
        resolution,
        points: answer.points,
        answer_ms: round(answerMs, 1),
        sql_ms: round(sqlMs, 1),
        ratio: round(ratio, 2),
        from_raw_ms: round(rawMs, 1),
      })
    }
    console.log('targets: a year under 300 ms and within 1.5x of the plain SQL')
    console.log(
      JSON.stringify({
        bench: 'history',
        db: 'embedded',
        modules: args.modules,
        days: args.days,
        results,
        ok,
      }),
    )
    return ok
  } finally {
    socket?.close()
    await server?.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}
