import fs from 'node:fs'
import path from 'node:path'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const screenshotDir = path.join(import.meta.dirname, '..', 'screenshots')
export const desktop = { width: 1280, height: 800 }

export function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(chromiumPath)) {
    throw new Error(
      `Chromium is not installed at ${chromiumPath} (apt-get install -y chromium, or set CHROMIUM_PATH)`,
    )
  }
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      '--disable-quic',
    ],
  })
}

/**
 * A fresh, empty browser profile per test: no cookies, no stored language. English and a fixed
 * time zone, so what the journeys read does not depend on the machine they run on.
 */
export interface Visit {
  context: BrowserContext
  page: Page
  /** Uncaught exceptions in the page so far; a journey ends by asserting there were none. */
  pageErrors: string[]
  /** Every script URL the page requested, in order. */
  scripts: string[]
  /** What the browser refused under the Content-Security-Policy (it logs each refusal). */
  cspViolations: string[]
}

export interface VisitOptions {
  locale?: string
  timezoneId?: string
  /**
   * The app's service worker caches the shell and answers reads from its cache when the network
   * fails, which would hide requests from page.route and from counts of what the page loaded; it
   * is blocked unless a journey is about it (the offline journey).
   */
  serviceWorkers?: 'allow' | 'block'
}

export async function openVisit(browser: Browser, options: VisitOptions = {}): Promise<Visit> {
  const context = await browser.newContext({
    serviceWorkers: options.serviceWorkers ?? 'block',
    viewport: desktop,
    locale: options.locale ?? 'en-US',
    timezoneId: options.timezoneId ?? 'Europe/Warsaw',
    colorScheme: 'light',
    reducedMotion: 'reduce',
  })
  // Generous: a wait returns as soon as the page shows what it waits for; the limit only matters on
  // a slow, busy machine, where 15 s was not always enough for a lazy screen to load and answer.
  context.setDefaultTimeout(30_000)
  context.setDefaultNavigationTimeout(60_000)
  const cspViolations: string[] = []
  // The browser fires securitypolicyviolation even for a refusal the page catches (an eval probe),
  // which it does not always log; both are collected.
  await context.exposeBinding('reportCspViolation', (_source, text: string) => cspViolations.push(text))
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation
      report(
        `${event.effectiveDirective} refused ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`,
      )
    })
  })
  const page = await context.newPage()
  const pageErrors: string[] = []
  const scripts: string[] = []
  page.on('pageerror', (error) => pageErrors.push(error.stack ?? error.message))
  page.on('console', (message) => {
    if (/content.security.policy/i.test(message.text())) cspViolations.push(message.text())
  })
  page.on('request', (request) => {
    if (request.resourceType() === 'script' || new URL(request.url()).pathname.endsWith('.js')) {
      scripts.push(request.url())
    }
  })
  return { context, page, pageErrors, scripts, cspViolations }
}

/** Saves a screenshot to e2e/screenshots/<name>.png (gitignored) and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(screenshotDir, { recursive: true })
  const file = path.join(screenshotDir, `${name}.png`)
  await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' })
  return file
}

/** A phone's window, 390 px wide. */
export const phoneWindow = { width: 390, height: 844 }

/**
 * Screenshots `<name>-1280` and, once the layout has settled at the phone's width (or 10 s have
 * passed), `<name>-390`; back at the desktop size, returns the page's width at 390 px.
 */
export async function screenshotAtBothWidths(page: Page, name: string): Promise<number> {
  await screenshot(page, `${name}-1280`)
  await page.setViewportSize(phoneWindow)
  await page
    .waitForFunction((width) => document.documentElement.scrollWidth <= width, phoneWindow.width, {
      timeout: 10_000,
    })
    .catch(() => undefined)
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth)
  await screenshot(page, `${name}-390`)
  await page.setViewportSize(desktop)
  return scrollWidth
}
