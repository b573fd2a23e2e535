import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../test/test-server'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ AUDIT_RETENTION_DAYS: '30' }, { auditRetentionMs: 100 })
})
afterAll(() => server?.stop())

const day = 86_400_000

describe('audit log retention (AUDIT_RETENTION_DAYS)', () => {
  it('deletes the entries older than the retention on its own, and keeps the newer ones', async () => {
    const { pool } = server.database
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * day).toISOString()
    const inserted = await pool.query<{ id: string; entity_id: string }>(
      `insert into audit_log (at, action, entity, entity_id)
       values ($1, 'insert', 'groups', 'very-old'), ($2, 'insert', 'groups', 'just-too-old'),
              ($3, 'insert', 'groups', 'within'), ($4, 'insert', 'groups', 'new')
       returning id, entity_id`,
      [at(500), at(31), at(29), at(0)],
    )
    const ids = inserted.rows.map((row) => row.id)
    const left = async () =>
      (
        await pool.query<{ entity_id: string }>(
          'select entity_id from audit_log where id = any($1::bigint[]) order by at',
          [ids],
        )
      ).rows.map((row) => row.entity_id)
    await expect.poll(left, { timeout: 10_000 }).toEqual(['within', 'new'])
  })
})
