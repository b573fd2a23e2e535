import {
  findInput,
  findModel,
  isReportType,
  type ReportAnswer,
  type ReportSeries,
  type ReportTemplate,
  reportAnswerSchema,
  reportRangeProblem,
  reportRequestSchema,
  saveReportTemplateSchema,
} from '@kropla/domain'
import { type Lang, translate } from '@kropla/i18n'
import { validationFailed } from './fake-refusals'
import type { FakeServer } from './fake-server'

export interface FakeReports {
  templates: ReportTemplate[]
  nextId: number
  /** While set, report and export answers wait for it (a test's way to see the progress and cancel). */
  gate: Promise<void> | null
  /** Sources (module ids) whose data the fake cannot read: named in `failed_sources`. */
  failingModules: number[]
}

const hour = 3_600_000

/**
 * A series report as the server builds it, on values a test can compute: hourly rows from the
 * start's hour, value = 10 + the UTC hour (the previous period, 5 less); rows before now only.
 */
function seriesAnswer(
  request: ReturnType<typeof reportRequestSchema.parse>,
  me: FakeServer['state']['me'],
  reports: FakeReports,
): ReportAnswer {
  const start = Date.parse(request.start_date)
  const end = Date.parse(request.end_date)
  const timestamps: number[] = []
  for (let time = Math.ceil(start / hour) * hour; time < end; time += hour) timestamps.push(time)
  const failed = request.sources.filter(
    (source) => source.id !== undefined && reports.failingModules.includes(source.id),
  )
  const used = request.sources.filter((source) => !failed.includes(source))
  const series: ReportSeries[] = used.flatMap((source) => {
    const object = me.objects.find((entry) => entry.id === source.id)
    const model = object ? findModel(object.last_device_model) : undefined
    const field = source.field ?? ''
    const input = model ? findInput(model, field) : undefined
    const base: ReportSeries = {
      key: `${source.id}:${field}`,
      id_object: source.id ?? 0,
      object_name: object?.name ?? '',
      field,
      custom_label: null,
      level: object?.last_device_model === 'AM-100-103' ? 4 - Number(field.slice(-1)) : null,
      suffix: input?.unit ?? '',
      decimals: input?.decimals ?? 2,
      draw: 'line',
      statistic: 'value',
      period: 'current',
      values: timestamps.map((time) => 10 + new Date(time).getUTCHours()),
    }
    return request.compare_previous
      ? [
          base,
          {
            ...base,
            key: `${base.key}:previous`,
            period: 'previous',
            values: base.values.map((value) => (value === null ? null : value - 5)),
          },
        ]
      : [base]
  })
  return {
    kind: 'series',
    type: request.type,
    start_date: new Date(start).toISOString(),
    end_date: new Date(end).toISOString(),
    time_zone: me.user.client_time_zone,
    failed_sources: failed.map((source) => ({
      id_object: source.id ?? null,
      id_output: null,
      name: source.name ?? String(source.id),
      reason: 'errors.module_not_found',
    })),
    grouping: request.grouping,
    statistics: request.statistics,
    timestamps,
    series,
    previous: request.compare_previous
      ? {
          start_date: new Date(start - 86_400_000).toISOString(),
          end_date: new Date(end - 86_400_000).toISOString(),
        }
      : null,
    delta: null,
  }
}

/** The CSV of a series answer: quoted header, comma separated, rows by ascending time, blanks for none. */
function csvOf(answer: ReportAnswer) {
  if (answer.kind !== 'series') return '"timestamp"\n'
  const header = ['timestamp', ...answer.series.map((series) => `${series.object_name} ${series.field}`)]
  const lines = answer.timestamps.map((time, at) =>
    [new Date(time).toISOString(), ...answer.series.map((series) => series.values[at] ?? '')].join(','),
  )
  return `${header.map((name) => `"${name}"`).join(',')}\n${lines.join('\n')}\n`
}

/** Resolves when the gate opens, rejects when the request is cancelled first (as fetch does). */
function waitFor(gate: Promise<void> | null, signal: AbortSignal | null | undefined) {
  if (!gate) return Promise.resolve()
  return new Promise<void>((resolve, reject) => {
    const abort = () => reject(new DOMException('The operation was aborted.', 'AbortError'))
    if (signal?.aborted) return abort()
    signal?.addEventListener('abort', abort, { once: true })
    void gate.then(resolve)
  })
}

/**
 * POST /api/reports, POST /api/reports/export and /api/reports/templates in memory, in front of
 * another fake server, answering as the reports contract (packages/domain/src/reports) says:
 * bodies checked with the domain's schemas, no sources 'Incorrect report data', an unknown type
 * 'No report {type}', the range rule, failed sources named.
 */
export function withReports<Server extends Pick<FakeServer, 'fetch' | 'state'>>(
  server: Server,
  reports: FakeReports = { templates: [], nextId: 1, gate: null, failingModules: [] },
) {
  async function fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const path = String(input).split('?')[0] ?? ''
    if (!path.startsWith('/api/reports')) return server.fetch(input, init)
    const method = init?.method ?? 'GET'
    const headers = (init?.headers ?? {}) as Record<string, string>
    const lang: Lang = headers['accept-language'] === 'pl' ? 'pl' : 'en'
    const body: unknown = init?.body === undefined ? undefined : JSON.parse(String(init.body))
    server.state.calls.push({ method, path, body })
    const json = (status: number, payload: unknown) => new Response(JSON.stringify(payload), { status })
    const refuse = (status: number, code: string, params?: Record<string, string>) =>
      json(status, { error: code, message: translate(lang, `errors.${code}`, params) })
    if (method !== 'GET' && headers['csrf-token'] !== 'csrf-1') return refuse(403, 'csrf_invalid')

    if (path === '/api/reports' || path === '/api/reports/export') {
      const parsed = reportRequestSchema.safeParse(body)
      if (!parsed.success) return refuse(400, 'validation_failed')
      const request = parsed.data
      if (!isReportType(request.type)) return refuse(400, 'report_unknown_type', { type: request.type })
      if (request.sources.length === 0) return refuse(400, 'report_incorrect_data')
      const problem = reportRangeProblem(request, new Date())
      if (problem) return refuse(400, problem.replace('errors.', ''))
      await waitFor(reports.gate, init?.signal)
      const answer = reportAnswerSchema.parse(seriesAnswer(request, server.state.me, reports))
      if (path === '/api/reports') return json(200, answer)
      return new Response(csvOf(answer), {
        status: 200,
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="report-${request.type}.csv"`,
        },
      })
    }

    if (path === '/api/reports/templates' && method === 'GET') return json(200, reports.templates)
    const match = /^\/api\/reports\/templates(?:\/(\d+))?$/.exec(path)
    if (!match) return refuse(404, 'not_found')
    const id = match[1] === undefined ? null : Number(match[1])
    const existing = id === null ? undefined : reports.templates.find((template) => template.id === id)
    if (id !== null && !existing) return refuse(404, 'not_found')
    if (method === 'DELETE' && existing) {
      reports.templates = reports.templates.filter((template) => template !== existing)
      return json(200, { ok: true })
    }
    if (method === 'GET' && existing) return json(200, existing)
    const parsed = saveReportTemplateSchema.safeParse(body)
    if (!parsed.success) return json(400, validationFailed(lang, parsed.error.issues))
    const at = '2026-06-01T10:00:00.000Z'
    if (method === 'POST' && id === null) {
      const created: ReportTemplate = { id: reports.nextId++, ...parsed.data, created_at: at, updated_at: at }
      reports.templates = [...reports.templates, created]
      return json(201, created)
    }
    if (method === 'PUT' && existing) {
      const updated: ReportTemplate = { ...existing, ...parsed.data, updated_at: at }
      reports.templates = reports.templates.map((template) => (template === existing ? updated : template))
      return json(200, updated)
    }
    return refuse(404, 'not_found')
  }
  return { ...server, fetch, reports }
}
