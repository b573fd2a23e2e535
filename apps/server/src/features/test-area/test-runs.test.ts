import { type TestRun, type TestRunsAnswer, testRunsAnswerSchema } from '@kropla/domain'
import { translate } from '@kropla/i18n'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loggedIn } from '../../test/account-fixtures'
import { seedAccount, startTestServer, type TestServer } from '../../test/test-server'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server?.stop())

async function account(lang = 'en') {
  const seeded = await seedAccount(server, ['AM-411'])
  const session = await loggedIn(server.url, seeded.email, seeded.password, lang)
  return { ...seeded, session }
}

/** A finished run of the account, as a test would have recorded it. */
async function storedRun(idClient: number, idUser: number, subject: string, result = 'pass') {
  const { rows } = await server.database.pool.query<{ id: number }>(
    `insert into test_runs (id_client, id_user, kind, subject_id, subject_name, finished_at, result, details)
     values ($1, $2, 'output', 7, $3, now(), $4, $5) returning id`,
    [
      idClient,
      idUser,
      subject,
      result,
      JSON.stringify({
        seconds: 3,
        items: [
          { key: 'output:7', label: subject, result, reason: result === 'fail' ? 'command_timed_out' : null },
        ],
      }),
    ],
  )
  return rows[0]!.id
}

describe('the test area history (GET /api/test/runs)', () => {
  it('lists the account’s runs newest first, with who ran them, page by page', async () => {
    const { session, user } = await account()
    const ids: number[] = []
    for (const name of ['Valve 1', 'Valve 2', 'Valve 3'])
      ids.push(await storedRun(user.id_client, user.id, name))
    const failed = await storedRun(user.id_client, user.id, 'Pump', 'fail')

    const first = await session.request('GET', '/api/test/runs?limit=2')
    expect(first.status).toBe(200)
    const page = testRunsAnswerSchema.parse(first.body)
    expect(page.runs.map((run) => run.subject_name)).toEqual(['Pump', 'Valve 3'])
    expect(page.runs[0]).toMatchObject({
      id: failed,
      kind: 'output',
      result: 'fail',
      id_user: user.id,
      user_name: user.email,
      details: { seconds: 3, items: [{ key: 'output:7', result: 'fail', reason: 'command_timed_out' }] },
    })
    expect(page.next_before).toBe(ids[2])

    const second = (await session.request('GET', `/api/test/runs?limit=2&before=${page.next_before}`))
      .body as unknown as TestRunsAnswer
    expect(second.runs.map((run) => run.subject_name)).toEqual(['Valve 2', 'Valve 1'])
    expect(second.next_before).toBeNull()

    const one = (await session.request('GET', `/api/test/runs/${failed}`)).body as unknown as TestRun
    expect(one.subject_name).toBe('Pump')
    const filtered = (await session.request('GET', '/api/test/runs?kind=group'))
      .body as unknown as TestRunsAnswer
    expect(filtered.runs).toEqual([])
  })

  it('shows another account neither the list nor a run', async () => {
    const farm = await account()
    const neighbour = await account()
    const id = await storedRun(farm.user.id_client, farm.user.id, 'Secret valve')
    const theirs = (await neighbour.session.request('GET', '/api/test/runs'))
      .body as unknown as TestRunsAnswer
    expect(theirs.runs).toEqual([])
    const read = await neighbour.session.request('GET', `/api/test/runs/${id}`)
    expect(read.status).toBe(404)
    expect(JSON.stringify(read.body)).not.toContain('Secret valve')
  })

  it('refuses a bad page size, cursor or kind with a clear error in the user’s language', async () => {
    const { session } = await account('pl')
    for (const query of ['limit=0', 'limit=101', 'limit=abc', 'before=-1', 'kind=rocket']) {
      const answer = await session.request('GET', `/api/test/runs?${query}`)
      expect(answer.status, query).toBe(400)
      expect(answer.body.error, query).toBe('validation_failed')
      expect(answer.body.message, query).toBe(translate('pl', 'errors.validation_failed'))
    }
    expect((await session.request('GET', '/api/test/runs/abc')).status).toBe(400)
  })

  it('needs a session', async () => {
    const answer = await fetch(`${server.url}/api/test/runs`)
    expect(answer.status).toBe(401)
  })
})
