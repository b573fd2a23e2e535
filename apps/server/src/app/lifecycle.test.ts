import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterEach, describe, expect, it } from 'vitest'
import { backupDatabase, restoreDatabase } from '../db/backup'
import { openDatabase } from '../db/client'
import { DataDirLockedError } from '../db/embedded/data-dir-lock'
import { connectModule, seedAccount, startTestServer, type TestServer, until } from '../test/test-server'

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kropla-life-'))
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }))
  return dir
}

async function started(env: Record<string, string> = {}): Promise<TestServer> {
  const server = await startTestServer(env)
  cleanups.push(() => server.stop())
  return server
}

// In every tier: DATABASE_URL '' puts these servers on the embedded database whatever the tier's.
describe('the embedded database directory', () => {
  it('refuses a second server on the same data directory with a clear message', async () => {
    const dataDir = tempDir()
    await started({ DATA_DIR: dataDir, DATABASE_URL: '' })
    const second = startTestServer({ DATA_DIR: dataDir, DATABASE_URL: '' })
    await expect(second).rejects.toThrow(DataDirLockedError)
    await expect(second).rejects.toThrow(/in use by another Kropla process/)
  })

  it('takes over the lock of a process that no longer runs', async () => {
    const dataDir = tempDir()
    fs.writeFileSync(path.join(dataDir, 'kropla.lock'), '2147483646')
    const server = await started({ DATA_DIR: dataDir, DATABASE_URL: '' })
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
  })
})

describe('shutdown', () => {
  // With an external broker the PUBACK comes from that broker, not from the commit.
  it.runIf(!process.env.TEST_MQTT_URL)(
    'loses no acknowledged reading when it stops in the middle of ingest',
    async () => {
      const dataDir = tempDir()
      const server = await started({ DATA_DIR: dataDir })
      const { modules } = await seedAccount(server, ['AM-200', 'AM-200'])
      const acked: { objectId: number; ts: string }[] = []
      const links = await Promise.all(modules.map((m) => connectModule(server, m.serial, m.pin)))
      let stopping = false
      const publishers = links.map(async (link, index) => {
        const module = modules[index]!
        for (let second = 0; !stopping && second < 2000; second++) {
          const ts = new Date(Date.UTC(2026, 0, 1) + second * 1000).toISOString()
          const sent = link.publishAsync(
            `kropla/v1/${module.serial}/up/data`,
            JSON.stringify({ ts, values: { TEMP_1: second % 40 } }),
            {
              qos: 1,
            },
          )
          await sent.then(
            () => acked.push({ objectId: module.id, ts }),
            () => undefined,
          )
        }
      })
      while (acked.length < 50) await new Promise((resolve) => setTimeout(resolve, 10))
      stopping = true
      await server.close()
      await Promise.race([Promise.all(publishers), new Promise((resolve) => setTimeout(resolve, 2000))])
      for (const link of links) link.end(true)

      const database = await openDatabase({ dataDir, databaseUrl: server.databaseUrl })
      try {
        const stored = await database.pool.query<{ object_id: number; ts: Date }>(
          'select object_id, ts from readings',
        )
        const keys = new Set(stored.rows.map((row) => `${row.object_id}|${row.ts.toISOString()}`))
        const lost = acked.filter((a) => !keys.has(`${a.objectId}|${new Date(a.ts).toISOString()}`))
        expect(acked.length).toBeGreaterThanOrEqual(50)
        expect(lost).toEqual([])
      } finally {
        await database.close()
      }
    },
  )
})

describe('backup and restore', () => {
  it('restores exactly what was backed up, readings included', async () => {
    const server = await started()
    const { modules } = await seedAccount(server, ['AM-100-103'])
    const link = await connectModule(server, modules[0]!.serial, modules[0]!.pin)
    await link.publishAsync(
      `kropla/v1/${modules[0]!.serial}/up/data`,
      JSON.stringify({ ts: '2026-03-01T10:00:00Z', values: { TEMP_1: 7.5, HUMIDITY_2: 28 } }),
      { qos: 1 },
    )
    await link.endAsync()
    const { database } = server
    await until(async () => (await database.pool.query('select 1 from readings')).rows.length === 2)
    await database.pool.query(`update clients set time_zone = 'America/New_York'`)

    const file = path.join(tempDir(), 'farm.kropla.gz')
    const counts = await backupDatabase(database, file)
    expect(counts).toMatchObject({ clients: 1, users: 1, objects: 1, readings: 2, latest_readings: 2 })

    await database.pool.query('delete from readings')
    await database.pool.query("update objects set name = 'changed'")
    await database.pool.query(`update clients set time_zone = 'Asia/Tokyo'`)
    await restoreDatabase(database, file)
    // The farm's time zone comes back with the account.
    const zone = await database.pool.query('select time_zone from clients')
    expect(zone.rows).toEqual([{ time_zone: 'America/New_York' }])
    const readings = await database.pool.query('select field, value from readings order by field')
    expect(readings.rows).toEqual([
      { field: 'HUMIDITY_2', value: 28 },
      { field: 'TEMP_1', value: 7.5 },
    ])
    const object = await database.pool.query('select name from objects')
    expect(object.rows[0].name).toBe(modules[0]!.serial)
    // Identity sequences continue after the restored rows.
    const inserted = await database.pool.query(
      "insert into clients (name) values ('After restore') returning id",
    )
    expect(inserted.rows[0].id).toBeGreaterThan(1)
  })

  it('refuses a file that is not a Kropla backup and leaves the data alone', async () => {
    const server = await started()
    await seedAccount(server, ['AM-200'])
    const file = path.join(tempDir(), 'not-a-backup.gz')
    fs.writeFileSync(file, gzipSync('{"hello": "world"}\n'))
    await expect(restoreDatabase(server.database, file)).rejects.toThrow(/not a Kropla backup/)
    const clients = await server.database.pool.query('select count(*)::int as n from clients')
    expect(clients.rows[0].n).toBe(1)
  })
})
