import {
  endScheduleSchema,
  pauseScheduleSchema,
  refusalCode,
  type ScheduleInput,
  type SchedulePreview,
  type ScheduleRow,
  saveScheduleSchema,
} from '@kropla/domain'
import { type Lang, translate } from '@kropla/i18n'
import type { FakeServer } from './fake-server'

/** Test-only: a schedule as GET /api/schedulers answers it. */
export function scheduleRowFixture(overrides: Partial<ScheduleRow> = {}): ScheduleRow {
  return {
    id: 1,
    name: 'Tomatoes morning',
    type: 1,
    priority: 0,
    begin_date: '2026-05-01',
    expiration_date: null,
    definition: {
      rule: { kind: 'weekdays', days: [1, 2, 3, 4, 5, 6, 7] },
      cycle_minutes: 20,
      starts: { kind: 'every', start_time: '06:00', count: 1, every_minutes: 60 },
      elements: [{ kind: 'output', id: 11, percent: 100 }],
      fertigation: { kind: 'none' },
      conditions: [],
    },
    time_zone: 'UTC',
    paused_from: null,
    paused_until: null,
    ended_at: null,
    hidden: false,
    state: 'active',
    next_run: null,
    created_at: '2026-04-30T10:00:00.000Z',
    updated_at: '2026-04-30T10:00:00.000Z',
    ...overrides,
  }
}

export interface FakeSchedules {
  rows: ScheduleRow[]
  /** What POST /api/schedulers/preview answers for a checked body. */
  previewFor: (body: ScheduleInput) => SchedulePreview
  nextId: number
}

const emptyPreview = (): SchedulePreview => ({
  from: '2026-05-04T00:00:00.000Z',
  to: '2026-05-06T00:00:00.000Z',
  runs: [],
  warnings: [],
})

/**
 * The schedules API of issue 5 (GET/POST/PUT/DELETE /api/schedulers, pause, unpause, end, preview)
 * in memory, in front of another fake: bodies checked with the domain schemas, refusals and
 * validation issues worded in the request's language (400 with `issues`, and a catalogue rule's own
 * code, like the server).
 */
export function withSchedules<Server extends FakeServer>(
  server: Server,
  schedules: Partial<FakeSchedules> = {},
) {
  const state: FakeSchedules = { rows: [], previewFor: emptyPreview, nextId: 100, ...schedules }
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status })

  async function fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const url = String(input)
    const [path = url, query = ''] = url.split('?')
    const method = init?.method ?? 'GET'
    const match = /^\/api\/schedulers(?:\/(preview|\d+))?(?:\/(pause|unpause|end))?$/.exec(path)
    if (!match) return server.fetch(input, init)
    const headers = (init?.headers ?? {}) as Record<string, string>
    const lang: Lang = headers['accept-language'] === 'pl' ? 'pl' : 'en'
    const body: unknown = init?.body === undefined ? undefined : JSON.parse(String(init.body))
    // Recorded with its query, which says what was asked (`?hidden=1`, `?id_schedule=5`).
    server.state.calls.push({ method, path: query ? `${path}?${query}` : path, body })
    if (method !== 'GET' && headers['csrf-token'] !== 'csrf-1') return server.fetch(input, init)
    const refuse = (status: number, code: string) =>
      json(status, { error: code, message: translate(lang, `errors.${code}`) })
    const failure = server.state.failures.get(`${method} ${path}`)
    if (failure) {
      server.state.failures.delete(`${method} ${path}`)
      return refuse(failure.status, failure.code)
    }
    const check = <T>(schema: {
      safeParse: (
        input: unknown,
      ) =>
        | { success: true; data: T }
        | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } }
    }): T | Response => {
      const parsed = schema.safeParse(body)
      if (parsed.success) return parsed.data
      const code = refusalCode(parsed.error.issues.map((issue) => issue.message))
      return json(400, {
        error: code,
        message: translate(lang, `errors.${code}`),
        issues: parsed.error.issues.map((issue) => ({
          path: issue.path.map(String).join('.'),
          message: translate(lang, issue.message),
        })),
      })
    }

    if (match[1] === 'preview' && method === 'POST') {
      const data = check(saveScheduleSchema)
      return data instanceof Response ? data : json(200, state.previewFor(data))
    }
    if (match[1] === undefined) {
      if (method === 'GET') {
        const withHidden = new URLSearchParams(query).get('hidden') === '1'
        return json(200, withHidden ? state.rows : state.rows.filter((row) => !row.hidden))
      }
      if (method === 'POST') {
        const data = check(saveScheduleSchema)
        if (data instanceof Response) return data
        const created = scheduleRowFixture({ ...data, id: state.nextId++, state: 'not_started' })
        state.rows = [...state.rows, created]
        return json(201, created)
      }
      return refuse(404, 'not_found')
    }

    const id = Number(match[1])
    const row = state.rows.find((candidate) => candidate.id === id)
    if (!row) return refuse(404, 'not_found')
    const replace = (next: ScheduleRow) => {
      state.rows = state.rows.map((candidate) => (candidate.id === id ? next : candidate))
      return json(200, next)
    }
    switch (`${method} ${match[2] ?? ''}`) {
      case 'GET ':
        return json(200, row)
      case 'PUT ': {
        const data = check(saveScheduleSchema)
        return data instanceof Response ? data : replace({ ...row, ...data })
      }
      case 'DELETE ':
        state.rows = state.rows.filter((candidate) => candidate.id !== id)
        return json(200, { ok: true })
      case 'POST pause': {
        const data = check(pauseScheduleSchema)
        if (data instanceof Response) return data
        return replace({
          ...row,
          state: 'paused',
          paused_from: data.from ?? '2026-05-04T08:00:00.000Z',
          paused_until: data.until,
          next_run: null,
        })
      }
      case 'POST unpause':
        return replace({ ...row, state: 'active', paused_from: null, paused_until: null })
      case 'POST end': {
        const data = check(endScheduleSchema)
        if (data instanceof Response) return data
        return replace({ ...row, state: 'ended', hidden: data.hidden, ended_at: '2026-05-04T08:00:00.000Z' })
      }
      default:
        return refuse(404, 'not_found')
    }
  }

  return { ...server, fetch, schedules: state }
}
