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

const get = (url: string, encoding = 'br, gzip') =>
  fetch(`${server.url}${url}`, { headers: { 'accept-encoding': encoding } })

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
    const response = await get('/')
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
})
