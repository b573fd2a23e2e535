import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../test/test-server'

/** A built web app in miniature, laid out as `vite build` and its precompress step leave it. */
function writeWebRoot(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kropla-web-'))
  const files: Record<string, string> = {
    'index.html': `<!doctype html><html><head><script type="module" src="/assets/index-AbC123xy.js"></script></head><body>${'<div></div>'.repeat(200)}</body></html>`,
    'assets/index-AbC123xy.js': `export const greeting = ${JSON.stringify('hello '.repeat(500))}`,
    'sw.js': `self.addEventListener('push', () => {}) // ${'x'.repeat(2000)}`,
    // The login screen pre-rendered by the build, one page a language (apps/web/login-shell.ts).
    'login.en.html': `<!doctype html><html lang="en"><body><div id="root"><div inert>Log in</div></div>${'<div></div>'.repeat(200)}</body></html>`,
    'login.pl.html': `<!doctype html><html lang="pl"><body><div id="root"><div inert>Zaloguj</div></div>${'<div></div>'.repeat(200)}</body></html>`,
  }
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(root, name)
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fs.writeFileSync(file, text)
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text))
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text))
  }
  return root
}

let server: TestServer
let webRoot: string
beforeAll(async () => {
  webRoot = writeWebRoot()
  server = await startTestServer({}, { webRoot })
})
afterAll(async () => {
  await server?.stop()
  fs.rmSync(webRoot, { recursive: true, force: true })
})

const get = (url: string, encoding = 'br, gzip', headers: Record<string, string> = {}) =>
  fetch(`${server.url}${url}`, { headers: { 'accept-encoding': encoding, ...headers } })

function expectSecurityHeaders(response: Response) {
  const csp = response.headers.get('content-security-policy') ?? ''
  expect(csp).toContain("frame-ancestors 'none'")
  expect(csp).toContain("default-src 'self'")
  expect(csp).not.toContain('unsafe-eval')
  expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  expect(response.headers.get('referrer-policy')).toBe('same-origin')
  expect(response.headers.get('x-frame-options')).toBe('DENY')
}

describe('security headers and caching', () => {
  it('puts the security headers on API answers, with scripts from this origin only', async () => {
    const response = await get('/api/me')
    expect(response.status).toBe(401)
    expectSecurityHeaders(response)
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self';")
  })

  it('serves index.html Brotli-compressed, revalidated on every load, under the same policy', async () => {
    const response = await get('/', 'br, gzip', { cookie: 'kropla_session=any' })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-encoding')).toBe('br')
    expect(response.headers.get('content-type')).toMatch(/^text\/html/)
    expect(response.headers.get('cache-control')).toBe('no-cache')
    expect(response.headers.get('vary')).toMatch(/accept-encoding/i)
    expectSecurityHeaders(response)
    expect(await response.text()).toContain('/assets/index-AbC123xy.js')
  })

  it('lets the browser keep hashed assets for a year and sends gzip to a browser without Brotli', async () => {
    const brotli = await get('/assets/index-AbC123xy.js')
    expect(brotli.headers.get('content-encoding')).toBe('br')
    expect(brotli.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(brotli.headers.get('content-type')).toMatch(/javascript/)
    expectSecurityHeaders(brotli)

    const gzip = await get('/assets/index-AbC123xy.js', 'gzip')
    expect(gzip.headers.get('content-encoding')).toBe('gzip')
    expect(await gzip.text()).toContain('hello hello')

    const plain = await get('/assets/index-AbC123xy.js', 'identity')
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  })

  it('never lets the service worker be cached as immutable, so a new release replaces it', async () => {
    const response = await get('/sw.js')
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-cache')
  })

  it('gives the API docs page its own policy for swagger-ui, still not embeddable', async () => {
    const response = await get('/api/docs/static/index.html')
    expect(response.status).toBe(200)
    const csp = response.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toMatch(/script-src 'self'/)
    expect(csp).not.toContain('upgrade-insecure-requests')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('sends a visitor without a session the login screen pre-rendered in the language the browser will choose', async () => {
    const firstPage = async (headers: Record<string, string>) => {
      const response = await get('/', 'br, gzip', headers)
      expect(response.headers.get('vary')).toMatch(/cookie.*accept-language/i)
      expect(response.headers.get('cache-control')).toBe('no-cache')
      return response.text()
    }
    expect(await firstPage({ 'accept-language': 'pl-PL,pl;q=0.9' })).toContain('Zaloguj')
    expect(await firstPage({ 'accept-language': 'de-DE,pl;q=0.8,en;q=0.5' })).toContain('Zaloguj')
    expect(await firstPage({ 'accept-language': 'de-DE' })).toContain('Log in')
    // The choice stored on the device (shared in kropla_lang) before the browser's languages.
    expect(await firstPage({ 'accept-language': 'pl-PL', cookie: 'kropla_lang=en' })).toContain('Log in')
    // With a session the first screen is not the login form: the brand alone.
    const signedIn = await firstPage({ 'accept-language': 'pl-PL', cookie: 'kropla_session=any' })
    expect(signedIn).toContain('/assets/index-AbC123xy.js')
    expect(signedIn).not.toContain('inert')
    expect(await (await get('/index.html', 'br, gzip', { 'accept-language': 'pl' })).text()).toContain(
      'Zaloguj',
    )
  })
})
