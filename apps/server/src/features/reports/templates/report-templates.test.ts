import { maxReportTemplates, type ReportTemplate } from '@kropla/domain'
import { translate } from '@kropla/i18n'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loggedIn } from '../../../test/account-fixtures'
import { created, issuesOf } from '../../../test/resource-fixtures'
import { seedAccount, startTestServer, type TestServer } from '../../../test/test-server'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server?.stop())

async function account(lang = 'en') {
  const seeded = await seedAccount(server, ['AM-100-103'])
  const session = await loggedIn(server.url, seeded.email, seeded.password, lang)
  return { ...seeded, session }
}

const request = (id: number) => ({
  type: 'temperature',
  sources: [{ id, field: 'temp1' }],
  start_date: '2026-03-01T00:00:00+01:00',
  end_date: '2026-03-08T00:00:00+01:00',
  grouping: 'day',
})

describe('report templates', () => {
  it('saves, lists by name, renames, changes and removes a template', async () => {
    const { session, modules } = await account()
    const weekly = await created(session, '/api/reports/templates', {
      name: '  Weekly soil  ',
      request: request(modules[0]!.id),
      range_days: 7,
    })
    expect(weekly).toEqual({
      id: expect.any(Number),
      name: 'Weekly soil',
      // The request as POST /api/reports reads it, its defaults filled in.
      request: {
        ...request(modules[0]!.id),
        statistics: 'raw',
        aggregate: false,
        compare_previous: false,
      },
      range_days: 7,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    })
    const fixed = await created(session, '/api/reports/templates', {
      name: 'A march week',
      request: { ...request(modules[0]!.id), type: 'humidity' },
    })
    expect(fixed.range_days).toBeNull()
    const listed = (await session.request('GET', '/api/reports/templates'))
      .body as unknown as ReportTemplate[]
    expect(listed.map((template) => template.name)).toEqual(['A march week', 'Weekly soil'])

    const changed = await session.write('PUT', `/api/reports/templates/${weekly.id}`, {
      name: 'Soil, last 14 days',
      request: { ...request(modules[0]!.id), grouping: 'hour' },
      range_days: 14,
    })
    expect(changed.status).toBe(200)
    expect(changed.body).toMatchObject({ id: weekly.id, name: 'Soil, last 14 days', range_days: 14 })
    expect((changed.body.request as { grouping: string }).grouping).toBe('hour')
    const read = await session.request('GET', `/api/reports/templates/${weekly.id}`)
    expect(read.body).toEqual(changed.body)

    expect((await session.write('DELETE', `/api/reports/templates/${fixed.id}`)).body).toEqual({ ok: true })
    expect((await session.request('GET', `/api/reports/templates/${fixed.id}`)).status).toBe(404)
    expect((await session.write('DELETE', `/api/reports/templates/${fixed.id}`)).status).toBe(404)
    const left = (await session.request('GET', '/api/reports/templates')).body as unknown as ReportTemplate[]
    expect(left.map((template) => template.id)).toEqual([weekly.id])
  })

  it('refuses a name of under 3 or over 40 characters, a taken name and a bad request, in the user’s language, storing nothing', async () => {
    const { session, modules, user } = await account('pl')
    const body = { name: 'Gleba', request: request(modules[0]!.id) }
    const short = await session.write('POST', '/api/reports/templates', { ...body, name: ' ab ' })
    expect([short.status, issuesOf(short.body)]).toEqual([
      400,
      { name: translate('pl', 'errors.report_template_name_length') },
    ])
    const long = await session.write('POST', '/api/reports/templates', { ...body, name: 'x'.repeat(41) })
    expect(long.status).toBe(400)
    expect(Object.keys(issuesOf(long.body))).toEqual(['name'])
    expect(
      (await session.write('POST', '/api/reports/templates', { ...body, name: 'x'.repeat(40) })).status,
    ).toBe(201)

    const badDate = await session.write('POST', '/api/reports/templates', {
      ...body,
      request: { ...body.request, start_date: 'yesterday' },
    })
    expect(badDate.status).toBe(400)
    expect(Object.keys(issuesOf(badDate.body))).toEqual(['request.start_date'])
    const badGrouping = await session.write('POST', '/api/reports/templates', {
      ...body,
      request: { ...body.request, grouping: 'week' },
    })
    expect(Object.keys(issuesOf(badGrouping.body))).toEqual(['request.grouping'])
    const noRequest = await session.write('POST', '/api/reports/templates', { name: 'Gleba' })
    expect(Object.keys(issuesOf(noRequest.body))).toEqual(['request'])
    const badDays = await session.write('POST', '/api/reports/templates', { ...body, range_days: 0 })
    expect(Object.keys(issuesOf(badDays.body))).toEqual(['range_days'])

    await created(session, '/api/reports/templates', body)
    const taken = await session.write('POST', '/api/reports/templates', { ...body, name: 'GLEBA' })
    expect([taken.status, taken.body.error, taken.body.message]).toEqual([
      409,
      'report_template_name_taken',
      'Szablon raportu o tej nazwie już istnieje.',
    ])
    const other = await created(session, '/api/reports/templates', { ...body, name: 'Inna' })
    const renamedOnto = await session.write('PUT', `/api/reports/templates/${other.id}`, body)
    expect(renamedOnto.status).toBe(409)
    const { rows } = await server.database.pool.query(
      'select name from report_templates where id_client = $1 order by name',
      [user.id_client],
    )
    expect(rows.map((row) => row.name)).toEqual(['Gleba', 'Inna', 'x'.repeat(40)])
  })

  it(`keeps at most ${maxReportTemplates} templates per account`, async () => {
    const { session, modules, user } = await account()
    const values = Array.from({ length: maxReportTemplates }, (_, index) => `($1, 'Template ${index}', $2)`)
    await server.database.pool.query(
      `insert into report_templates (id_client, name, request) values ${values.join(', ')}`,
      [user.id_client, JSON.stringify(request(modules[0]!.id))],
    )
    const refused = await session.write('POST', '/api/reports/templates', {
      name: 'One too many',
      request: request(modules[0]!.id),
    })
    expect([refused.status, refused.body.error, refused.body.message]).toEqual([
      409,
      'report_templates_too_many',
      `Too many report templates: an account has at most ${maxReportTemplates}.`,
    ])
  })

  it('does not show, change or remove another account’s template', async () => {
    const owner = await account()
    const intruder = await account()
    const template = await created(owner.session, '/api/reports/templates', {
      name: 'Mine',
      request: request(owner.modules[0]!.id),
    })
    const listed = (await intruder.session.request('GET', '/api/reports/templates'))
      .body as unknown as unknown[]
    expect(listed).toEqual([])
    expect((await intruder.session.request('GET', `/api/reports/templates/${template.id}`)).status).toBe(404)
    const put = await intruder.session.write('PUT', `/api/reports/templates/${template.id}`, {
      name: 'Stolen',
      request: request(intruder.modules[0]!.id),
    })
    expect(put.status).toBe(404)
    expect((await intruder.session.write('DELETE', `/api/reports/templates/${template.id}`)).status).toBe(404)
    // The same name is free in another account.
    await created(intruder.session, '/api/reports/templates', {
      name: 'Mine',
      request: request(intruder.modules[0]!.id),
    })
    const kept = await owner.session.request('GET', `/api/reports/templates/${template.id}`)
    expect(kept.body).toEqual(template)
  })
})
