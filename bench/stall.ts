import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { PGlite } from '@electric-sql/pglite'
import { openDatabase } from '../apps/server/src/db/client'
import { machineLoad, round, watchEventLoop } from './lib'

/**
 * Does the embedded database stall the server's event loop? PGlite runs queries synchronously in
 * WASM; the server keeps it in a worker thread behind the wire protocol. A 10 ms interval timer on
 * the main thread records how late it fires while a long query runs there, and the same query on
 * PGlite in the main thread shows what the worker saves us from.
 */

export interface StallArgs {
  rows: number
  minQueryMs: number
}

export function parseStallArgs(argv: string[]): StallArgs {
  const { values } = parseArgs({
    args: argv,
    options: {
      rows: { type: 'string', default: '1500000' },
      'min-query-ms': { type: 'string', default: '1000' },
    },
  })
  return { rows: Number(values.rows), minQueryMs: Number(values['min-query-ms']) }
}

const createSql = 'create table stall_t (id int not null, v float8 not null)'
const fillSql = 'insert into stall_t select g, random() from generate_series(1, $1::int) g'
const querySql = `select count(*)::int as n, sum(t.v * g)::float8 as s
  from stall_t t cross join generate_series(1, $1::int) g where t.v > 0.1`

type Run = (sql: string, params: number[]) => Promise<unknown>

async function timed(run: Run, sql: string, params: number[]) {
  const watch = watchEventLoop(10)
  const started = performance.now()
  await run(sql, params)
  const ms = performance.now() - started
  return { ms, maxStallMs: watch.stop() }
}

export async function runStall(args: StallArgs) {
  console.log(
    `stall bench: ${args.rows} rows, a query of at least ${args.minQueryMs} ms, 10 ms timer on the main thread; ${machineLoad()}`,
  )
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kropla-stall-'))
  let repeat = 1
  let worker: { ms: number; maxStallMs: number }
  let fill: { ms: number; maxStallMs: number }
  try {
    const database = await openDatabase({ dataDir })
    try {
      const run: Run = (sql, params) => database.pool.query(sql, params)
      await run(createSql, [])
      fill = await timed(run, fillSql, [args.rows])
      console.log(
        `worker PGlite: filled ${args.rows} rows in ${Math.round(fill.ms)} ms, max main-thread stall meanwhile ${round(fill.maxStallMs, 1)} ms`,
      )
      // Grow the cross join until one query runs long enough.
      for (;;) {
        worker = await timed(run, querySql, [repeat])
        if (worker.ms >= args.minQueryMs || repeat >= 1024) break
        repeat = Math.min(
          1024,
          repeat * Math.max(2, Math.ceil((1.3 * args.minQueryMs) / Math.max(worker.ms, 1))),
        )
      }
      console.log(
        `worker PGlite: query over ${args.rows} x ${repeat} rows took ${Math.round(worker.ms)} ms, ` +
          `max main-thread stall ${round(worker.maxStallMs, 1)} ms`,
      )
    } finally {
      await database.close()
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
  }

  // Baseline: PGlite in memory on the main thread, the same table and query.
  const db = await PGlite.create()
  let baseline: { ms: number; maxStallMs: number }
  try {
    const run: Run = (sql, params) => db.query(sql, params)
    await run(createSql, [])
    await run(fillSql, [args.rows])
    baseline = await timed(run, querySql, [repeat])
  } finally {
    await db.close()
  }
  console.log(
    `main-thread PGlite (baseline): the same query took ${Math.round(baseline.ms)} ms, ` +
      `max main-thread stall ${round(baseline.maxStallMs, 1)} ms`,
  )
  const ok = worker.maxStallMs < 50
  console.log(`target: max stall < 50 ms: ${ok ? 'met' : 'NOT MET'}`)
  console.log(
    JSON.stringify({
      bench: 'stall',
      rows: args.rows,
      cross_join: repeat,
      max_stall_ms: round(worker.maxStallMs, 1),
      query_ms: Math.round(worker.ms),
      fill_ms: Math.round(fill.ms),
      fill_max_stall_ms: round(fill.maxStallMs, 1),
      baseline_max_stall_ms: round(baseline.maxStallMs, 1),
      baseline_query_ms: Math.round(baseline.ms),
      ok,
    }),
  )
  return ok
}
