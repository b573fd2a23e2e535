import { expect } from 'vitest'
import type { RunningServer } from '../app/server'
import type { httpSession } from './test-server'

/** Test helpers for the resource features (integration tests only). */

type Session = ReturnType<typeof httpSession>

/** Wires an output (kind output, type irr unless told) to a module terminal; fails the test when refused. */
export async function addOutput(
  session: Session,
  idObject: number,
  field: string,
  changes: Record<string, unknown> = {},
): Promise<{ id: number; name: string } & Record<string, unknown>> {
  const answer = await session.write('POST', '/api/outputs', {
    name: `Valve ${field}`,
    kind: 'output',
    type: 'irr',
    id_object: idObject,
    field_name: field,
    ...changes,
  })
  expect(answer.status, JSON.stringify(answer.body)).toBe(201)
  return answer.body as { id: number; name: string }
}

/** The body of a rain gauge on a counter input (`addOutput`'s changes): 0.2 mm a pulse. */
export const rainGauge = {
  name: 'Rain gauge',
  kind: 'counter_input',
  type: 'udometer',
  properties: { udo_units: 0, multiplier: 0.2, counter_type: 1 },
}

/** Stores `rows` ([ts, value], oldest first) of a module's field as ingest would, the last as its latest reading. */
export async function insertReadings(
  server: RunningServer,
  idClient: number,
  idObject: number,
  field: string,
  rows: [string, number][],
) {
  for (const [ts, value] of rows)
    await server.database.pool.query(
      'insert into readings (object_id, field, ts, value, id_client) values ($1, $2, $3, $4, $5)',
      [idObject, field, ts, value, idClient],
    )
  const [ts, value] = rows[rows.length - 1]!
  await server.database.pool.query(
    `insert into latest_readings (object_id, field, ts, value, id_client) values ($1, $2, $3, $4, $5)
     on conflict (object_id, field) do update set ts = excluded.ts, value = excluded.value`,
    [idObject, field, ts, value, idClient],
  )
}

/** Renames an output through the API as its user would, everything else kept; fails the test when refused. */
export async function renameOutput(session: Session, id: number, name: string) {
  const output = (await session.request('GET', `/api/outputs/${id}`)).body
  const answer = await session.write('PUT', `/api/outputs/${id}`, { ...output, name })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
}

/**
 * The output on a module terminal: the one made when the module was activated, or (before
 * activation made them) one wired now.
 */
export async function moduleOutput(session: Session, idObject: number, field: string) {
  const listed = (await session.request('GET', '/api/outputs')).body as unknown as {
    id: number
    name: string
    id_object: number
    field_name: string
  }[]
  const existing = listed.find((output) => output.id_object === idObject && output.field_name === field)
  return existing ?? addOutput(session, idObject, field)
}

/** Creates a resource through the API; fails the test when refused. */
export async function created(session: Session, path: string, body: Record<string, unknown>) {
  const answer = await session.write('POST', path, body)
  expect(answer.status, JSON.stringify(answer.body)).toBe(201)
  return answer.body as { id: number } & Record<string, unknown>
}

/** The field messages of a validation refusal, keyed by path. */
export function issuesOf(body: Record<string, unknown>) {
  return Object.fromEntries(
    ((body.issues ?? []) as { path: string; message: string }[]).map((issue) => [issue.path, issue.message]),
  )
}
