import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * A screen reaches the server through its feature's `*-api.ts`: query and mutation hooks holding
 * the call, its answer's parser and its cache key (ADR 0090). This fails with the components
 * (`.tsx`) that take the API client themselves, with any other module outside a `*-api.ts` that
 * does (a hook, a helper), and with a path of an `/api` route written as a string anywhere but lib/
 * and tests: the `*-api.ts` modules call by route-table entry (`callRoute`, ADR 0092).
 */
const webSrc = path.resolve(import.meta.dirname, '..')

/** What taking the client looks like: the hook, value imports of the client's modules, its calls. */
const clientPatterns: [string, RegExp][] = [
  ['takes the client (useApi)', /\buseApi\b/],
  ['imports the client', /^import\s+(?!type\s)[^']*?from\s+'[./]*lib\/api'/ms],
  ['makes a client', /\bcreateApiClient\b/],
  ['calls the server', /\bapi\s*\.\s*(get|post|put|patch|delete|postForResponse|forgetCsrfToken)\s*(<|\()/],
]

/** Beyond a component's, what a module outside `*-api.ts` may not do either: call by entry. */
const modulePatterns: [string, RegExp][] = [
  ...clientPatterns,
  ['calls by entry (callRoute)', /\bcallRoute\b/],
]

/** An `/api` path written as a string or template literal (comments are left out first). */
const apiPathPattern = /['"`]\/api\//

/**
 * Modules that take the client outside a `*-api.ts`, each for its reason. The login page's own
 * calls stay in small modules of their own, on their lazy parsers, so that its first load imports
 * nothing more (ADR 0043, ADR 0090): the login, the language, the session (`/api/me`). The
 * session's end (`GET /logout`, not an `/api` route, and the CSRF token forgotten) is reached from
 * the logout and from the socket's "logged out".
 */
const mayTakeTheClient: ReadonlyMap<string, string> = new Map([
  ['features/auth/use-login.ts', 'login page: POST /login'],
  ['features/language/use-change-language.ts', 'login page: PUT /api/users/lang on its lazy parser'],
  ['features/session/me-query.ts', 'login page: GET /api/me on its lazy parser'],
  ['features/session/use-me.ts', 'login page: the session query'],
  ['features/session/end-session.ts', "the session's end: the CSRF token forgotten"],
  ['features/auth/use-logout.ts', 'GET /logout'],
  ['features/realtime/use-realtime.ts', "GET /logout when the socket says the user's rights changed"],
  ['app/create-services.ts', 'the composition root makes the client'],
])

/**
 * The `/api` paths written out: the login page's two calls that keep their lazy parsers, and the
 * offline probe, a bare `fetch` whose answer is not read (only whether the server answers).
 */
const mayWriteAnApiPath: ReadonlySet<string> = new Set([
  'features/language/use-change-language.ts',
  'features/session/me-query.ts',
  'features/offline/online-store.ts',
])

/**
 * The client's own home (the provider and `useApi`, which the hooks call) and tests, which may
 * build a client of their own; no other component.
 */
const mayHoldTheClient = (file: string) =>
  file === 'app/api-context.tsx' || file.startsWith('testing/') || /\.test\.tsx?$/.test(file)

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sources(full)
    return /\.tsx?$/.test(entry.name) ? [path.relative(webSrc, full).split(path.sep).join('/')] : []
  })
}
const components = (dir: string) => sources(dir).filter((file) => file.endsWith('.tsx'))

/** Tests and test helpers build clients and answer paths of their own; lib/ is the client. */
const isTestOrLib = (file: string) =>
  file.startsWith('testing/') || file.startsWith('lib/') || /\.test\.tsx?$/.test(file)

/** The code without its comments, which may name a path (`/api/me`) in prose. */
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '')

const offences = (file: string) => {
  const text = readFileSync(path.join(webSrc, file), 'utf8')
  return clientPatterns.filter(([, pattern]) => pattern.test(text)).map(([what]) => `${file}: ${what}`)
}

describe('the way from a screen to the server', () => {
  const files = components(webSrc).filter((file) => !mayHoldTheClient(file))

  it('finds the components', () => {
    expect(files.length).toBeGreaterThan(100)
  })

  it('goes through feature hooks only: no component takes the API client', () => {
    expect(files.flatMap(offences)).toEqual([])
  })

  it('takes the client in *-api.ts modules only', () => {
    const modules = sources(webSrc).filter(
      (file) =>
        file.endsWith('.ts') &&
        !file.endsWith('-api.ts') &&
        !isTestOrLib(file) &&
        !mayTakeTheClient.has(file),
    )
    expect(modules.length).toBeGreaterThan(100)
    const taking = modules.flatMap((file) => {
      const text = withoutComments(readFileSync(path.join(webSrc, file), 'utf8'))
      return modulePatterns.filter(([, pattern]) => pattern.test(text)).map(([what]) => `${file}: ${what}`)
    })
    expect(taking).toEqual([])
  })

  it('writes no /api path: calls go by route-table entry', () => {
    const written = sources(webSrc)
      .filter((file) => !isTestOrLib(file) && !mayWriteAnApiPath.has(file))
      .filter((file) => apiPathPattern.test(withoutComments(readFileSync(path.join(webSrc, file), 'utf8'))))
    expect(written).toEqual([])
  })

  it('recognises an /api path and a call by entry', () => {
    expect(apiPathPattern.test("api.get('/api/users', parser)")).toBe(true)
    expect(apiPathPattern.test('const path = `/api/users/` + id')).toBe(true)
    expect(apiPathPattern.test(withoutComments('/** GET /api/users: every user. */\n'))).toBe(false)
    expect(apiPathPattern.test(withoutComments('  // the `/api/me` answer\n'))).toBe(false)
    expect(apiPathPattern.test("const modulesPath = '/kropla_2/modules'")).toBe(false)
    const probe = (text: string) => modulePatterns.some(([, pattern]) => pattern.test(text))
    expect(probe('callRoute(api, userRoutes.list)')).toBe(true)
    expect(probe("import { useUsers } from './users-api'\n")).toBe(false)
  })

  it('recognises a component that takes the client', () => {
    const probe = (text: string) => clientPatterns.some(([, pattern]) => pattern.test(text))
    expect(probe("import { useApi } from '../../app/api-context'\n")).toBe(true)
    expect(probe('  const api = useApi()\n')).toBe(true)
    expect(probe("import {\n  arrayOf,\n} from '../../lib/api'\n")).toBe(true)
    expect(probe("queryFn: () => api.get('/api/client', clientAccountAnswerSchema),")).toBe(true)
    expect(probe('api.post<Answer>(path, body, parser)')).toBe(true)
    expect(probe("import type { ApiClient } from '../lib/api'\n")).toBe(false)
    expect(probe("import { ApiProvider } from './api-context'\n")).toBe(false)
    expect(probe("import { isApiError } from '../../lib/api-error'\n")).toBe(false)
    expect(probe("import { useUsers } from './users-api'\nconst users = useUsers()\n")).toBe(false)
  })
})
