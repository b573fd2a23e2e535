import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectModule, seedAccount, startTestServer, type TestServer, until } from '../test/test-server'

let server: TestServer
let farm: Awaited<ReturnType<typeof seedAccount>>

beforeAll(async () => {
  server = await startTestServer()
  farm = await seedAccount(server, ['AM-100-103', 'AM-100-103', 'WG-100'])
})
afterAll(() => server?.stop())

const query = (sql: string, params: unknown[] = []) => server.database.pool.query(sql, params)

const storedFields = async (objectId: number, ts: string) =>
  (
    await query('select field, value from readings where object_id = $1 and ts = $2 order by field', [
      objectId,
      ts,
    ])
  ).rows as { field: string; value: number }[]

const rejections = async (serial: string) =>
  (await query('select reason, count, last_detail from ingest_rejections where serial = $1', [serial]))
    .rows as { reason: string; count: number; last_detail: string }[]

const readiness = async () => {
  const response = await fetch(`${server.url}/readyz`)
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

describe('a reading that cannot be stored', () => {
  it('refuses a timestamp PostgreSQL cannot hold and goes on storing the other modules', async () => {
    const [poisoned, healthy] = farm.modules
    const poisonLink = await connectModule(server, poisoned!.serial, poisoned!.pin)
    const healthyLink = await connectModule(server, healthy!.serial, healthy!.pin)
    // Published together, so that both land in one batch.
    await Promise.all([
      poisonLink.publishAsync(
        `kropla/v1/${poisoned!.serial}/up/data`,
        JSON.stringify({ ts: '0000-01-01T00:00:00Z', values: { TEMP_1: 1 } }),
        { qos: 1 },
      ),
      healthyLink.publishAsync(
        `kropla/v1/${healthy!.serial}/up/data`,
        JSON.stringify({ ts: '2026-05-01T06:00:00Z', values: { TEMP_1: 12.5 } }),
        { qos: 1 },
      ),
    ])
    expect(
      await until(() => storedFields(healthy!.id, '2026-05-01T06:00:00Z').then((r) => r.length > 0 && r)),
    ).toEqual([{ field: 'TEMP_1', value: 12.5 }])
    expect(await until(() => rejections(poisoned!.serial).then((r) => r.length > 0 && r))).toEqual([
      { reason: 'invalid_ts', count: 1, last_detail: '0000-01-01T00:00:00Z' },
    ])
    expect((await readiness()).status).toBe(200)
    await poisonLink.endAsync()
    await healthyLink.endAsync()
  })

  it('stores the rest of a batch the database refuses, and counts the refused readings', async () => {
    const [poisoned, healthy, overHttp] = farm.modules
    // A rule the database enforces that validation does not know of: the stand-in for any data
    // error retrying cannot cure.
    await query('alter table readings add constraint refuse_666 check (value is distinct from 666) not valid')
    try {
      const poisonLink = await connectModule(server, poisoned!.serial, poisoned!.pin)
      const healthyLink = await connectModule(server, healthy!.serial, healthy!.pin)
      const ts = '2026-05-01T07:00:00Z'
      const [, , answer] = await Promise.all([
        poisonLink.publishAsync(
          `kropla/v1/${poisoned!.serial}/up/data`,
          JSON.stringify({ ts, values: { TEMP_1: 666, HUMIDITY_1: 40 } }),
          { qos: 1 },
        ),
        healthyLink.publishAsync(
          `kropla/v1/${healthy!.serial}/up/data`,
          JSON.stringify({ ts, values: { TEMP_1: 13 } }),
          { qos: 1 },
        ),
        fetch(`${server.url}/ingest/v1/${overHttp!.serial}`, {
          method: 'POST',
          headers: {
            authorization: `Basic ${Buffer.from(`${overHttp!.serial}:${overHttp!.pin}`).toString('base64')}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ ts, values: { battvol: 666, sigstr: 70 } }),
        }),
      ])
      expect(answer.status).toBe(202)
      expect(await answer.json()).toEqual({
        accepted: 1,
        rejected: [{ field: 'battvol', reason: 'database_refused' }],
        commands: [],
      })
      expect(await until(() => storedFields(healthy!.id, ts).then((r) => r.length > 0 && r))).toEqual([
        { field: 'TEMP_1', value: 13 },
      ])
      expect(await until(() => storedFields(poisoned!.id, ts).then((r) => r.length > 0 && r))).toEqual([
        { field: 'HUMIDITY_1', value: 40 },
      ])
      expect(await storedFields(overHttp!.id, ts)).toEqual([{ field: 'sigstr', value: 70 }])
      const counted = await until(() =>
        rejections(poisoned!.serial).then((r) => r.find((row) => row.reason === 'database_refused')),
      )
      // The SQLSTATE tells the operator which rule refused it (23514: a check constraint).
      expect(counted).toMatchObject({
        count: 1,
        last_detail: expect.stringMatching(/^TEMP_1: 2026-05-01T07:00:00.000Z 23514 /),
      })
      expect((await readiness()).status).toBe(200)
      await poisonLink.endAsync()
      await healthyLink.endAsync()
    } finally {
      await query('alter table readings drop constraint refuse_666')
    }
  })

  it('counts a malformed message whose text the database could not store', async () => {
    const [poisoned, healthy] = farm.modules
    const link = await connectModule(server, poisoned!.serial, poisoned!.pin)
    // A NUL byte is not valid in PostgreSQL text: the rejection's detail must not carry it.
    await link.publishAsync(`kropla/v1/${poisoned!.serial}/up/data`, '{\u0000 not json', { qos: 1 })
    await link.endAsync()
    const healthyLink = await connectModule(server, healthy!.serial, healthy!.pin)
    await healthyLink.publishAsync(
      `kropla/v1/${healthy!.serial}/up/data`,
      JSON.stringify({ ts: '2026-05-01T08:00:00Z', values: { TEMP_1: 14 } }),
      { qos: 1 },
    )
    await healthyLink.endAsync()
    expect(
      await until(() => storedFields(healthy!.id, '2026-05-01T08:00:00Z').then((r) => r.length > 0 && r)),
    ).toEqual([{ field: 'TEMP_1', value: 14 }])
    const counted = await until(() =>
      rejections(poisoned!.serial).then((r) => r.find((row) => row.reason === 'malformed_json')),
    )
    expect(counted).toMatchObject({ count: 1, last_detail: '{\uFFFD not json' })
  })
})

describe('free text a module sends', () => {
  it('keeps a firmware name with characters the database cannot hold, replaced, instead of failing its write', async () => {
    const [module] = farm.modules
    const link = await connectModule(server, module!.serial, module!.pin)
    await link.publishAsync(
      `kropla/v1/${module!.serial}/up/hello`,
      JSON.stringify({ model: 'AM-100-103', fw: '2.4\u0000.1' }),
      { qos: 1 },
    )
    const firmware = async () =>
      (await query('select firmware from objects where id = $1', [module!.id])).rows[0]?.firmware as
        | string
        | null
    expect(await until(firmware)).toBe('2.4\uFFFD.1')
    await link.endAsync()
  })
})

describe('readiness while ingest cannot write', () => {
  it('retries a passing failure, reports not ready meanwhile, and ready again once stored', async () => {
    const [module] = farm.modules
    const ts = '2026-05-01T09:00:00Z'
    // Every insert fails as a serialization failure (40001), a passing error that must be retried.
    await query(`create function fail_readings() returns trigger language plpgsql as $$
      begin raise exception 'readings are unavailable' using errcode = '40001'; end $$`)
    await query(
      'create trigger fail_readings before insert on readings for each statement execute function fail_readings()',
    )
    let restored = false
    const restore = async () => {
      restored = true
      await query('drop trigger fail_readings on readings')
      await query('drop function fail_readings()')
    }
    try {
      const link = await connectModule(server, module!.serial, module!.pin)
      const published = link.publishAsync(
        `kropla/v1/${module!.serial}/up/data`,
        JSON.stringify({ ts, values: { TEMP_1: 15 } }),
        { qos: 1 },
      )
      const unready = await until(async () => {
        const answer = await readiness()
        return answer.status === 503 && answer
      }, 30_000)
      expect(unready.body).toMatchObject({
        database: true,
        ingest: false,
        ready: false,
        reason: expect.stringMatching(
          /^ingest has not been able to write for \d+ s: 40001 readings are unavailable$/,
        ),
      })
      await restore()
      await published
      expect(await until(() => storedFields(module!.id, ts).then((r) => r.length > 0 && r), 30_000)).toEqual([
        { field: 'TEMP_1', value: 15 },
      ])
      expect(await rejections(module!.serial)).not.toContainEqual(
        expect.objectContaining({
          reason: 'database_refused',
          last_detail: expect.stringContaining('40001'),
        }),
      )
      const recovered = await until(async () => {
        const answer = await readiness()
        return answer.status === 200 && answer.body
      })
      expect(recovered).toEqual({ database: true, mqtt: true, ingest: true, ready: true })
      await link.endAsync()
    } finally {
      if (!restored) await restore()
    }
  }, 60_000)
})
