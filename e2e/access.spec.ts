import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { screenshot } from './support/browser'
import { demoUser } from './support/demo'
import { useJourneyEnvironment } from './support/environment'
import { logInAsDemo, submitLogin, textOf, visit, waitForApp, waitForHash } from './support/journey'
import { repoRoot } from './support/stack'

// The access rules do not need readings; without the simulator the server starts alone.
const env = useJourneyEnvironment({ simulator: false })

const wrongPassword = { email: demoUser.email, password: 'Not-the-password-1' }
/** errors.incorrect_login in packages/i18n/src/en.ts and pl.ts. */
const incorrectLogin = { en: 'Incorrect login data.', pl: 'Niepoprawne dane logowania.' }
/** errors.field_required in packages/i18n/src/en.ts. */
const fieldRequired = { en: 'Field required' }

/**
 * The chunks that only logged-in screens need (apps/web/vite.config.ts names the vendor groups,
 * the router lazy-loads each screen under its component's name): the dashboard screen, the main
 * layout and the socket.io client.
 */
// en-app: the English catalogue's part behind login (the page is in English; en-public comes first).
const privateChunks = ['DashboardScreen', 'MainLayout', 'socket', 'en-app'] as const
const chunkPattern = (name: string) => new RegExp(`/assets/${name}-[\\w-]+\\.js$`)
const privateChunksIn = (scripts: readonly string[]) =>
  scripts.filter((url) => privateChunks.some((name) => chunkPattern(name).test(url)))

describe('access', () => {
  it('rejects a wrong password in English, and in Polish after switching the language', async () => {
    const { page, pageErrors } = await env.visit()
    await visit(page, env.stack.baseUrl, '/login')
    await waitForHash(page, '#/login')

    await submitLogin(page, wrongPassword)
    await page.getByTestId('login-error').filter({ hasText: incorrectLogin.en }).waitFor()
    expect(await textOf(page, 'login-error')).toBe(incorrectLogin.en)
    await screenshot(page, 'login-error-en')

    await page.locator('select[name="lang"]').selectOption('pl')
    await page.locator('form button[type="submit"]').filter({ hasText: 'Zaloguj' }).waitFor()
    // The alert shown before the switch keeps its English text (the server's message is kept as it
    // was sent), so the journey asks again, as a user would, and the server answers in Polish.
    await submitLogin(page, wrongPassword)
    await page.getByTestId('login-error').filter({ hasText: incorrectLogin.pl }).waitFor()
    expect(await textOf(page, 'login-error')).toBe(incorrectLogin.pl)
    expect(new URL(page.url()).hash).toBe('#/login')
    await screenshot(page, 'login-error-pl')
    expect(pageErrors).toEqual([])
  })

  it('sends a visitor who is not logged in from a private screen to the login form', async () => {
    const { page, pageErrors } = await env.visit()
    await visit(page, env.stack.baseUrl, '/schedules')
    await waitForHash(page, '#/login')
    await page.locator('input[name="email"]').waitFor()
    expect(pageErrors).toEqual([])
  })

  it('sends a logged-in user from the login form to the start screen, and shows not-found for an unknown path', async () => {
    const { page, pageErrors } = await env.visit()
    await logInAsDemo(page, env.stack.baseUrl)

    await visit(page, env.stack.baseUrl, '/login')
    await waitForHash(page, '#/')
    await page.getByTestId('user-name').waitFor()

    await visit(page, env.stack.baseUrl, '/no/such/screen')
    await page.getByTestId('not-found').waitFor()
    expect(await page.getByRole('heading', { level: 2 }).textContent()).toBe('Page not found')
    expect(new URL(page.url()).hash).toBe('#/no/such/screen')
    await screenshot(page, 'not-found')
    expect(pageErrors).toEqual([])
  })

  it('logs out to the login screen, after which the start screen asks for a login again', async () => {
    const { page, pageErrors } = await env.visit()
    await logInAsDemo(page, env.stack.baseUrl)

    // Logging out ends the session and then reloads the page; the journey goes on after the reload.
    const reloaded = page.waitForEvent('load')
    await page.getByTestId('logout').click()
    await reloaded
    await waitForHash(page, '#/login')
    await page.locator('input[name="email"]').waitFor()

    await visit(page, env.stack.baseUrl, '/')
    await waitForHash(page, '#/login')
    await page.locator('input[name="email"]').waitFor()
    // The session is gone on the server too, not only in this page's memory.
    const me = await page.request.get(`${env.stack.baseUrl}/api/me`)
    expect(me.status()).toBe(401)
    expect(pageErrors).toEqual([])
  })

  it('loads no dashboard, main layout, socket code or catalogue part behind login on the login page, and loads them after logging in', async () => {
    // The assertion means something only if the build really has these chunks.
    const built = fs.readdirSync(path.join(repoRoot, 'apps/web/dist/assets'))
    for (const name of privateChunks) {
      expect(
        built.some((file) => chunkPattern(name).test(`/assets/${file}`)),
        `${name} chunk in dist`,
      ).toBe(true)
    }

    const { page, scripts, pageErrors } = await env.visit()
    await visit(page, env.stack.baseUrl, '/login')
    await page.locator('input[name="email"]').waitFor()
    await page.waitForLoadState('networkidle')

    expect(scripts.some((url) => chunkPattern('LoginScreen').test(url))).toBe(true)
    expect(scripts.some((url) => chunkPattern('en-public').test(url))).toBe(true)
    expect(privateChunksIn(scripts)).toEqual([])

    await submitLogin(page, demoUser)
    await waitForHash(page, '#/')
    await page.locator('[data-testid="connection-state"][data-state="1"]').waitFor()
    for (const name of privateChunks) {
      expect(
        scripts.some((url) => chunkPattern(name).test(url)),
        `${name} chunk after login`,
      ).toBe(true)
    }
    expect(pageErrors).toEqual([])
  })

  it("blocks the login page only on the first screen's styles and loads neither the full Mantine stylesheet nor the notifications container there", async () => {
    const fullStylesheet = /\/assets\/every-component-styles-[\w-]+\.css$/
    const { page, scripts, pageErrors } = await env.visit()
    const stylesheets: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet') stylesheets.push(request.url())
    })
    await visit(page, env.stack.baseUrl, '/login')
    await page.locator('input[name="email"]').waitFor()
    await page.waitForLoadState('networkidle')

    expect(stylesheets.length).toBeGreaterThan(0)
    expect(stylesheets.filter((url) => fullStylesheet.test(url))).toEqual([])
    expect(scripts.filter((url) => chunkPattern('NotificationsContainer').test(url))).toEqual([])

    await submitLogin(page, demoUser)
    await waitForHash(page, '#/')
    await page.locator('[data-testid="connection-state"][data-state="1"]').waitFor()
    expect(stylesheets.some((url) => fullStylesheet.test(url))).toBe(true)
    expect(pageErrors).toEqual([])
  })

  // Issue 11, item 7: zod and the domain schemas (23 KB Brotli) load on demand, after the form.
  it('shows the login form while zod is still loading, then validates it with the domain schema', async () => {
    const { page, pageErrors } = await env.visit()
    let releaseZod = () => {}
    const zodHeld = new Promise<void>((resolve) => {
      releaseZod = resolve
    })
    await page.route(chunkPattern('zod'), async (route) => {
      await zodHeld
      await route.continue()
    })
    await page.goto('about:blank')
    // Not waiting for `load`: with zod held back, a page that needed it to boot would never get there.
    await page.goto(`${env.stack.baseUrl}/#/login`, { waitUntil: 'commit' })
    await waitForApp(page)
    await page.locator('input[name="email"]').waitFor()

    await page.locator('form button[type="submit"]').click()
    releaseZod()
    await page.getByText(fieldRequired.en).first().waitFor()
    expect(await page.getByText(fieldRequired.en).count()).toBe(2)
    expect(new URL(page.url()).hash).toBe('#/login')
    expect(pageErrors).toEqual([])
  })

  // Issue 11, item 7: the login screen is in the first answer, so it shows before the scripts run.
  it('sends a logged-out visitor the login form pre-rendered in their language, which the app takes over without a shift', async () => {
    const { page, pageErrors } = await env.visit({ locale: 'pl-PL' })
    await page.goto('about:blank')
    const answer = await page.goto(`${env.stack.baseUrl}/#/login`, { waitUntil: 'commit' })
    const firstPage = (await answer?.text()) ?? ''
    expect(firstPage).toContain('<html lang="pl"')
    expect(firstPage).toMatch(/<div id="root"><div inert>.*name="email".*Zaloguj/s)
    expect(answer?.headers().vary).toMatch(/cookie/i)
    await screenshot(page, 'access-login-prerendered-pl')

    await waitForApp(page)
    await page.getByRole('button', { name: 'Zaloguj' }).waitFor()
    // The pre-rendered screen and the live one are laid out alike: nothing moved when one replaced the other
    // that a reader would notice. A loader in the form's place for a frame scores 0.03; a field settling a few
    // pixels on a CPU slowed twentyfold, 0.002 (Chrome's layout-shift score, where 0.1 is the limit of good).
    const shifted = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((entries) =>
            resolve(
              entries
                .getEntries()
                .reduce((sum, entry) => sum + (entry as unknown as { value: number }).value, 0),
            ),
          ).observe({ type: 'layout-shift', buffered: true })
          requestAnimationFrame(() => setTimeout(() => resolve(0), 500))
        }),
    )
    expect(shifted).toBeLessThan(0.01)

    // The language chosen on this device wins over the browser's, for the next first answer too.
    await page.locator('select[name="lang"]').selectOption('en')
    const english = await page.request.get(`${env.stack.baseUrl}/`, {
      headers: { 'accept-language': 'pl-PL' },
    })
    expect(await english.text()).toMatch(/<html lang="en".*<div inert>.*Log in/s)

    // A visitor with a session gets the brand alone: the first screen is not the login form.
    await logInAsDemo(page, env.stack.baseUrl)
    const signedIn = await (await page.request.get(`${env.stack.baseUrl}/`)).text()
    expect(signedIn).toContain('<p class="boot">Kropla</p>')
    expect(signedIn).not.toContain('inert')
    expect(pageErrors).toEqual([])
  })

  // Private screens are React.lazy inside the access gate (apps/web/src/app/router.tsx): a route-level
  // `lazy` would be downloaded when the navigation starts, before the redirect to the login form.
  it('loads no private code when a logged-out visitor opens the start address', async () => {
    const { page, scripts } = await env.visit()
    await visit(page, env.stack.baseUrl, '/')
    await waitForHash(page, '#/login')
    await page.locator('input[name="email"]').waitFor()
    await page.waitForLoadState('networkidle')
    expect(privateChunksIn(scripts)).toEqual([])
  })
})
