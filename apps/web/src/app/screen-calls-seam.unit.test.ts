import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * A screen reaches the server through its feature's `*-api.ts`: query and mutation hooks holding
 * the call, its answer's parser and its cache key (ADR 0090). This fails with the components
 * (`.tsx`) that take the API client themselves.
 */
const webSrc = path.resolve(import.meta.dirname, '..')

/** What taking the client looks like: the hook, value imports of the client's modules, its calls. */
const clientPatterns: [string, RegExp][] = [
  ['takes the client (useApi)', /\buseApi\b/],
  ['imports the client', /^import\s+(?!type\s)[^']*?from\s+'[./]*lib\/api'/ms],
  ['makes a client', /\bcreateApiClient\b/],
  ['calls the server', /\bapi\s*\.\s*(get|post|put|patch|delete|postForResponse|forgetCsrfToken)\s*(<|\()/],
]

/**
 * The client's own home (the provider and `useApi`, which the hooks call) and tests, which may
 * build a client of their own; no other component.
 */
const mayHoldTheClient = (file: string) =>
  file === 'app/api-context.tsx' || file.startsWith('testing/') || /\.test\.tsx?$/.test(file)

function components(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return components(full)
    return entry.name.endsWith('.tsx') ? [path.relative(webSrc, full).split(path.sep).join('/')] : []
  })
}

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
