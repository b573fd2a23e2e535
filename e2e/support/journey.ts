import type { Page } from 'playwright-core'
import { demoUser } from './demo'

/** The app routes by hash (`#/login`); resolves once the address shows `hash`. */
export async function waitForHash(page: Page, hash: string): Promise<void> {
  await page.waitForURL((url) => url.hash === hash)
}

/**
 * Opens `#<route>` in a freshly loaded document, as a new tab would. (A `goto` that changes only the
 * hash would stay in the same document and prove less: the app would not ask the server again.)
 */
export async function visit(page: Page, baseUrl: string, route: string): Promise<void> {
  await page.goto('about:blank')
  await page.goto(`${baseUrl}/#${route}`)
  await waitForApp(page)
}

/**
 * Resolves once the app has replaced what index.html painted: a visitor without a session gets the
 * login screen pre-rendered and inert (apps/web/login-shell.ts), which looks like the live form but
 * takes no input.
 */
export async function waitForApp(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('#root > [inert], #root > .boot'))
}

/** Fills the real login form and submits it; does not wait for the outcome. */
export async function submitLogin(
  page: Page,
  credentials: { email: string; password: string },
): Promise<void> {
  await waitForApp(page)
  await page.locator('input[name="email"]').fill(credentials.email)
  await page.locator('input[name="password"]').fill(credentials.password)
  await page.locator('form button[type="submit"]').click()
}

/** From a fresh profile: the start address redirects to the login form, the demo user logs in and lands on `#/`. */
export async function logInAsDemo(page: Page, baseUrl: string): Promise<void> {
  await visit(page, baseUrl, '/')
  await waitForHash(page, '#/login')
  await submitLogin(page, demoUser)
  await waitForHash(page, '#/')
  await page.getByTestId('user-name').waitFor()
}

/** The text of `selector` now, trimmed; throws when it is not on the page. */
export async function textOf(page: Page, testId: string): Promise<string> {
  const text = await page.getByTestId(testId).textContent()
  if (text === null) throw new Error(`no text in [data-testid="${testId}"]`)
  return text.trim()
}
