import type { MeResponse } from '@kropla/domain'
import { translate } from '@kropla/i18n'

const credentials = { email: 'demo@kropla.app', password: 'Kropla-demo-1' }

/** The server contract of the Foundation issue, in memory: enough to drive the browser app through its screens. */
export function createFakeServer(me: MeResponse, options: { isLoggedIn?: boolean } = {}) {
  let isLoggedIn = options.isLoggedIn ?? false
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status })

  async function fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const path = String(input)
    const method = init?.method ?? 'GET'
    const headers = (init?.headers ?? {}) as Record<string, string> // the app always passes a plain object
    const lang = headers['accept-language'] === 'pl' ? 'pl' : 'en'
    const refuse = (status: number, code: string) =>
      json(status, { error: code, message: translate(lang, `errors.${code}`) })

    if (method !== 'GET' && headers['csrf-token'] !== 'csrf-1') return refuse(403, 'csrf_invalid')
    if (path === '/token') return json(200, { token: 'csrf-1' })
    if (path === '/login') {
      const body = JSON.parse(String(init?.body)) as { email: string; password: string }
      if (body.email !== credentials.email || body.password !== credentials.password) {
        return refuse(401, 'incorrect_login')
      }
      isLoggedIn = true
      return json(200, { ok: true })
    }
    if (!isLoggedIn) return refuse(401, 'not_authenticated')
    if (path === '/api/me') return json(200, me)
    if (path === '/api/users/lang') return json(200, { ok: true })
    return refuse(404, 'not_found')
  }

  return { fetch, credentials }
}
