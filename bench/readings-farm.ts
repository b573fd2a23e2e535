import fs from 'node:fs'
import path from 'node:path'
import type pg from 'pg'
import { openDatabase } from '../apps/server/src/db/client'
import {
  clientName,
  freePort,
  model,
  repoRoot,
  runCli,
  type ServerProcess,
  startServerProcess,
  waitUntilReady,
} from './lib'

/**
 * What the history and reports benches share: a farm of `model` modules on the embedded database,
 * readings generated inside it with the server's own rollups, and the server started on it.
 */

const email = 'bench@example.com'
const password = 'Bench-horse-1'

/** The environment of a bench server on the embedded database in `dataDir`. */
export function embeddedServerEnv(dataDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    DATABASE_URL: '',
    DEMO: '0',
  }
}

/**
 * The bench's admin on `clientName` and `count` modules of `model` imported as a fleet: serials
 * `<prefix>0000`, `<prefix>0001`…, PINs from `firstPin`.
 */
export async function seedBenchFleet(
  env: NodeJS.ProcessEnv,
  dataDir: string,
  fleet: { count: number; prefix: string; firstPin: number },
) {
  await runCli(
    ['user', 'create', '--email', email, '--password', password, '--type', 'admin', '--client', clientName],
    env,
  )
  const csv = path.join(dataDir, 'fleet.csv')
  const serials = Array.from(
    { length: fleet.count },
    (_, index) => `${fleet.prefix}${String(index).padStart(4, '0')}`,
  )
  fs.writeFileSync(
    csv,
    [
      'serial,pin,model,client',
      ...serials.map((serial, index) => `${serial},${fleet.firstPin + index},${model},${clientName}`),
    ].join('\n'),
  )
  // The import makes each new module its broker secret and will not let it go unwritten.
  await runCli(['fleet', 'import', csv, '--secrets-out', path.join(dataDir, 'fleet-secrets.csv')], env)
}

export interface BenchObject {
  id: number
  id_client: number
  time_zone: string
}

/** The farm's modules with their account's time zone, in id order. */
export async function benchObjects(pool: pg.Pool) {
  return (
    await pool.query<BenchObject>(
      `select o.id, o.id_client, c.time_zone from objects o join clients c on c.id = o.id_client order by o.id`,
    )
  ).rows
}

/**
 * Readings generated inside the database, one statement per module (10-minute steps from `start`
 * to `end`, each of `fieldNames`, `valueSql` giving a value from `f.field`, `t.ts` and the
 * module's index `$4`), then the rollups built by the migration's own statements.
 */
export async function loadReadings(
  pool: pg.Pool,
  objects: { id: number; id_client: number }[],
  range: { start: number; end: number },
  fieldNames: readonly string[],
  valueSql: string,
) {
  for (const [index, object] of objects.entries()) {
    await pool.query(
      `insert into readings (object_id, field, ts, value, id_client)
       select $1, f.field, t.ts, (${valueSql})::float8, $2
       from unnest($3::text[]) as f(field),
         generate_series($5::timestamptz, $6::timestamptz - interval '1 second', interval '10 minutes') as t(ts)`,
      [
        object.id,
        object.id_client,
        fieldNames,
        index,
        new Date(range.start).toISOString(),
        new Date(range.end).toISOString(),
      ],
    )
    process.stdout.write(`\r  readings of module ${index + 1}/${objects.length}`)
  }
  process.stdout.write('\n')
  await rollUpAndAnalyze(pool)
}

/** The rollup statements of the migration: the same grouping as ingest (an integration test shows it). */
export function backfillStatements() {
  const migrations = path.join(repoRoot, 'apps/server/src/db/migrations')
  const file = fs.readdirSync(migrations).find((name) => name.endsWith('_reading_rollups.sql'))
  if (!file) throw new Error('no reading rollups migration')
  return fs
    .readFileSync(path.join(migrations, file), 'utf8')
    .split('--> statement-breakpoint')
    .filter((part) => /INSERT INTO/.test(part))
}

/** After seeding raw readings: the hourly and daily rollups the server keeps, and fresh planner statistics. */
export async function rollUpAndAnalyze(pool: pg.Pool) {
  for (const statement of backfillStatements()) await pool.query(statement)
  await pool.query('analyze readings')
  await pool.query('analyze readings_hourly')
  await pool.query('analyze readings_daily')
}

/** Starts the server on free ports, waits until it is ready and logs the bench's admin in. */
export async function startLoggedIn(env: NodeJS.ProcessEnv) {
  const port = await freePort()
  env.PORT = String(port)
  env.MQTT_PORT = String(await freePort())
  const server: ServerProcess = startServerProcess(env)
  const url = `http://127.0.0.1:${port}`
  await waitUntilReady(server, url)
  return { server, url, cookie: await login(url) }
}

/**
 * The plain SQL timed again on the database once the server has stopped (the embedded database
 * has one owner at a time): its samples join those taken before the server started.
 */
export async function timeAgainAfter(
  dataDir: string,
  samples: Map<string, { samples: number[] }>,
  time: (pool: pg.Pool) => Promise<Map<string, { samples: number[] }>>,
) {
  const again = await openDatabase({ dataDir })
  try {
    const after = await time(again.pool)
    for (const [name, record] of after) samples.get(name)!.samples.push(...record.samples)
  } finally {
    await again.close()
  }
}

export async function login(url: string) {
  const token = await fetch(`${url}/token`)
  const cookies = token.headers.getSetCookie().map((line) => line.split(';')[0]!)
  const csrf = ((await token.json()) as { token: string }).token
  const answer = await fetch(`${url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'csrf-token': csrf, cookie: cookies.join('; ') },
    body: JSON.stringify({ email, password }),
  })
  if (!answer.ok) throw new Error(`login failed: ${answer.status}`)
  const session = answer.headers.getSetCookie().map((line) => line.split(';')[0]!)
  return [...cookies, ...session].join('; ')
}
