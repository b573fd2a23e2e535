import fs from 'node:fs'
import path from 'node:path'
import type { Response } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useJourneyEnvironment } from './support/environment'
import { logInAsDemo, visit, waitForHash } from './support/journey'
import { repoRoot } from './support/stack'

// The simulator feeds the dashboard, so the live connection carries real readings under the policy.
const env = useJourneyEnvironment()

/** Screens with the most varied parts: charts and timelines, dialogs, forms, the push settings. */
const screens = [
  '/alarms',
  '/schedules',
  '/calendar',
  '/manual_control',
  '/kropla_2/modules',
  '/settings/preferences',
]

interface AssetAnswer {
  url: string
  /** The build left a Brotli copy (files under 1 KB have none: it would save nothing). */
  hasBrotliCopy: boolean
  encoding: string | null
  cacheControl: string | null
}

function recordAssets(responses: Response[]): AssetAnswer[] {
  return responses
    .filter((response) => new URL(response.url()).pathname.startsWith('/assets/'))
    .map((response) => ({
      url: response.url(),
      hasBrotliCopy: fs.existsSync(
        path.join(repoRoot, 'apps/web/dist', `${new URL(response.url()).pathname}.br`),
      ),
      encoding: response.headers()['content-encoding'] ?? null,
      cacheControl: response.headers()['cache-control'] ?? null,
    }))
}

describe('security headers and first load', () => {
  it('runs the app under its Content-Security-Policy: login, live connection and the main screens, with nothing refused', async () => {
    const { page, pageErrors, cspViolations } = await env.visit()
    const responses: Response[] = []
    page.on('response', (response) => responses.push(response))

    const answer = await page.goto(`${env.stack.baseUrl}/#/login`)
    const headers = answer?.headers() ?? {}
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(headers['content-security-policy']).toContain("script-src 'self';")
    expect(headers['x-content-type-options']).toBe('nosniff')
    expect(headers['cache-control']).toBe('no-cache')
    await page.locator('input[name="email"]').waitFor()
    // The form shows before the page's last chunks and styles have arrived: count them once it is quiet.
    await page.waitForLoadState('networkidle', { timeout: 60_000 })

    // Chromium asks for Brotli; every built script and style comes precompressed and cacheable for a year.
    const assets = recordAssets(responses)
    expect(assets.filter((asset) => asset.hasBrotliCopy).length).toBeGreaterThan(5)
    for (const asset of assets.filter((each) => each.hasBrotliCopy)) {
      expect(asset, asset.url).toMatchObject({
        encoding: 'br',
        cacheControl: 'public, max-age=31536000, immutable',
      })
    }

    await logInAsDemo(page, env.stack.baseUrl)
    // The socket.io websocket to the same origin is allowed by connect-src 'self'.
    await page.locator('[data-testid="connection-state"][data-state="1"]').waitFor({ timeout: 60_000 })
    for (const route of screens) {
      await visit(page, env.stack.baseUrl, route)
      await waitForHash(page, `#${route}`)
      await page.locator('main').waitFor()
      // Every lazy chunk and first answer of the screen has arrived: no loader left.
      await page.waitForFunction(() => !document.querySelector('[data-testid="pending"]'))
    }

    expect(cspViolations).toEqual([])
    expect(pageErrors).toEqual([])
  })

  it('shows the API documentation under its own policy, which still forbids framing', async () => {
    const { page, pageErrors, cspViolations } = await env.visit()
    const answer = await page.goto(`${env.stack.baseUrl}/api/docs`)
    await page
      .locator('.swagger-ui .info .title')
      .filter({ hasText: 'Kropla API' })
      .waitFor({ timeout: 60_000 })
    await page.locator('.swagger-ui .opblock').first().waitFor()
    // goto answers with the last response of any redirect: the page itself.
    expect(answer?.headers()['x-frame-options']).toBe('DENY')
    expect(cspViolations).toEqual([])
    expect(pageErrors).toEqual([])
  })
})
