import { type ModuleDiagnostics, outputTestRequestSchema, type TestRun } from '@kropla/domain'
import { type Lang, translate } from '@kropla/i18n'
import type { FakeServer } from './fake-server'

/** Test-only: the test area's routes of the real server, in memory. */
export interface FakeTestArea {
  /** Newest first. */
  runs: TestRun[]
  /** Modules' diagnostics by id. */
  diagnostics?: Record<number, ModuleDiagnostics>
  /** Outputs a schedule runs now: their test is refused. */
  scheduled?: number[]
  /** The outputs a test can open, by id, with their names; groups by id with their outputs. */
  outputs?: Record<number, string>
  groups?: Record<number, number[]>
}

export function testRun(id: number, changes: Partial<TestRun> = {}): TestRun {
  return {
    id,
    kind: 'output',
    subject_id: 11,
    subject_name: 'Valve north',
    id_user: 1,
    user_name: 'Anna Nowak',
    started_at: '2026-05-01T08:00:00.000Z',
    finished_at: '2026-05-01T08:00:05.000Z',
    result: 'pass',
    details: {
      seconds: 3,
      items: [{ key: 'output:11', label: 'Valve north', result: 'pass', reason: null }],
    },
    ...changes,
  }
}

export function withTestArea<Server extends FakeServer>(server: Server, area: FakeTestArea) {
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status })

  async function fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const url = String(input)
    const [path = url, search = ''] = url.split('?')
    const method = init?.method ?? 'GET'
    if (!path.startsWith('/api/test/')) return server.fetch(input, init)
    const headers = (init?.headers ?? {}) as Record<string, string>
    const lang: Lang = headers['accept-language'] === 'pl' ? 'pl' : 'en'
    const body: unknown = init?.body === undefined ? undefined : JSON.parse(String(init.body))
    server.state.calls.push({ method, path, body })
    const refuse = (status: number, code: string) =>
      json(status, { error: code, message: translate(lang, `errors.${code}`) })

    if (path === '/api/test/runs' && method === 'GET') {
      const query = new URLSearchParams(search)
      const limit = Number(query.get('limit') ?? 20)
      const before = query.get('before')
      const older = before ? area.runs.filter((run) => run.id < Number(before)) : area.runs
      const runs = older.slice(0, limit)
      return json(200, { runs, next_before: older.length > limit ? (runs.at(-1)?.id ?? null) : null })
    }
    const diagnostics = path.match(/^\/api\/test\/objects\/(\d+)$/)
    if (diagnostics && method === 'GET') {
      const found = area.diagnostics?.[Number(diagnostics[1])]
      return found ? json(200, found) : refuse(404, 'not_found')
    }
    const cancel = path.match(/^\/api\/test\/runs\/(\d+)\/cancel$/)
    if (cancel && method === 'POST') {
      const run = area.runs.find((candidate) => candidate.id === Number(cancel[1]))
      return run ? json(200, run) : refuse(404, 'not_found')
    }
    const started =
      path.match(/^\/api\/test\/(outputs|groups)\/(\d+)$/) ??
      (path === '/api/test/resources' ? [path, 'resources', '0'] : null)
    if (started && method === 'POST') {
      const [, what, idText] = started
      const id = Number(idText)
      const parsed = outputTestRequestSchema.safeParse(body)
      if (!parsed.success) return refuse(400, 'test_seconds_range')
      const ids =
        what === 'outputs'
          ? [id]
          : what === 'groups'
            ? area.groups?.[id]
            : Object.keys(area.outputs ?? {}).map(Number)
      if (!ids || ids.some((output) => area.outputs?.[output] === undefined)) return refuse(404, 'not_found')
      const items = ids.map((output) => ({
        key: `output:${output}`,
        label: area.outputs?.[output] ?? '',
        result: 'waiting' as const,
        reason: null,
      }))
      const refused = what === 'outputs' && area.scheduled?.includes(id)
      const run: TestRun = {
        id: Math.max(0, ...area.runs.map((candidate) => candidate.id)) + 1,
        kind: what === 'outputs' ? 'output' : what === 'groups' ? 'group' : 'resources',
        subject_id: what === 'resources' ? null : id,
        subject_name: what === 'outputs' ? (items[0]?.label ?? '') : '',
        id_user: server.state.me.user.id,
        user_name: server.state.me.user.email,
        started_at: new Date().toISOString(),
        finished_at: refused ? new Date().toISOString() : null,
        result: refused ? 'fail' : 'running',
        details: {
          seconds: parsed.data.seconds,
          items: refused
            ? items.map((item) => ({ ...item, result: 'fail', reason: 'output_schedule_running' }))
            : items,
          ...(refused ? { reason: 'output_schedule_running' } : {}),
        },
      }
      area.runs.unshift(run)
      if (refused) return refuse(409, 'output_schedule_running')
      return json(201, run)
    }
    return refuse(404, 'not_found')
  }

  return { ...server, fetch, testArea: area }
}
