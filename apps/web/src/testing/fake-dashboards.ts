import {
  type Dashboard,
  dashboardLimits,
  dashboardOrderSchema,
  saveDashboardSchema,
  startWidgets,
} from '@kropla/domain'

/** The dashboards of the fake server's account: the start dashboard, as a new account has. */
export function defaultDashboards(): Dashboard[] {
  return [{ id: 1, name: 'Start', position: 0, widgets: startWidgets() }]
}

type Answer = (status: number, body: unknown) => Response
type Refuse = (status: number, code: string) => Response

/**
 * /api/dashboards in memory, as the server answers it: the limit of 16, the only dashboard kept,
 * bodies checked with the same domain schemas; null when the path is not a dashboard route.
 */
export function answerDashboards(
  state: { dashboards: Dashboard[] },
  request: { method: string; path: string; body: unknown },
  json: Answer,
  refuse: Refuse,
  invalid: (error: { issues: { path: PropertyKey[]; message: string }[] }) => Response,
): Response | null {
  const { method, path, body } = request
  if (path === '/api/dashboards/order' && method === 'PUT') {
    const parsed = dashboardOrderSchema.safeParse(body)
    if (!parsed.success) return invalid(parsed.error)
    const ids = parsed.data.ids
    const known = new Set(state.dashboards.map((dashboard) => dashboard.id))
    if (ids.length !== known.size || !ids.every((id) => known.has(id)))
      return invalid({ issues: [{ path: ['ids'], message: 'errors.validation_failed' }] })
    state.dashboards = ids.map((id, position) => ({
      ...state.dashboards.find((dashboard) => dashboard.id === id)!,
      position,
    }))
    return json(200, state.dashboards)
  }
  const match = /^\/api\/dashboards(?:\/(\d+))?$/.exec(path)
  if (!match) return null
  const id = match[1] === undefined ? null : Number(match[1])
  const found = state.dashboards.find((dashboard) => dashboard.id === id)
  if (id !== null && !found) return refuse(404, 'not_found')
  if (method === 'GET') return json(200, found ?? state.dashboards)
  if (method === 'DELETE') {
    if (state.dashboards.length <= 1) return refuse(409, 'dashboard_only_one')
    state.dashboards = state.dashboards.filter((dashboard) => dashboard.id !== id)
    return json(200, { ok: true })
  }
  const parsed = saveDashboardSchema.safeParse(body)
  if (!parsed.success) return invalid(parsed.error)
  if (method === 'POST') {
    if (state.dashboards.length >= dashboardLimits.maxDashboards) return refuse(409, 'dashboards_too_many')
    const created = {
      id: Math.max(0, ...state.dashboards.map((dashboard) => dashboard.id)) + 1,
      position: state.dashboards.length,
      ...parsed.data,
    }
    state.dashboards = [...state.dashboards, created]
    return json(201, created)
  }
  const saved = { ...found!, ...parsed.data }
  state.dashboards = state.dashboards.map((dashboard) => (dashboard.id === id ? saved : dashboard))
  return json(200, saved)
}
