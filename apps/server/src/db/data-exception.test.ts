import { PGlite } from '@electric-sql/pglite'
import pino from 'pino'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { buildApp } from '../app/build-app'
import { isDataException } from './data-exception'

let db: PGlite
beforeAll(async () => {
  db = await PGlite.create()
})
afterAll(async () => {
  await db?.close()
})

/** The error the database itself raises for the statement, wrapped as Drizzle wraps it. */
async function refusal(statement: string, values: unknown[] = []) {
  const error = await db.query(statement, values).then(
    () => null,
    (refused: unknown) => refused,
  )
  expect(error, statement).not.toBeNull()
  return Object.assign(new Error('Failed query'), { cause: error })
}

test('a value the database cannot hold is a data exception; other database failures are not', async () => {
  expect(isDataException(await refusal("select '0000-01-01T00:00:00Z'::timestamptz"))).toBe(true)
  expect(isDataException(await refusal('select $1::text', ['Row\u0000A']))).toBe(true)
  expect(isDataException(await refusal('select 1/0'))).toBe(true)
  expect(isDataException(await refusal('select * from no_such_table'))).toBe(false)
  expect(isDataException(new Error('socket closed'))).toBe(false)
})

test('one reaching the error handler answers 400 bad_request in the user’s language, not 500', async () => {
  const app = await buildApp({ logger: pino({ level: 'silent' }) })
  const yearZero = await refusal("select '0000-01-01T00:00:00Z'::timestamptz")
  app.get('/refused', async () => {
    throw yearZero
  })
  app.get('/broken', async () => {
    throw await refusal('select * from no_such_table')
  })
  const refused = await app.inject({ url: '/refused', headers: { 'accept-language': 'pl' } })
  expect([refused.statusCode, refused.json()]).toEqual([
    400,
    { error: 'bad_request', message: 'Nie udało się odczytać żądania.' },
  ])
  expect((await app.inject({ url: '/broken' })).statusCode).toBe(500)
  await app.close()
})
