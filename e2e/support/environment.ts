import type { Browser } from 'playwright-core'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { launchBrowser, openVisit, screenshot, type Visit, type VisitOptions } from './browser'
import { type Stack, type StackOptions, startStack } from './stack'

export interface JourneyEnvironment {
  /** The running server and simulator (available from beforeAll on). */
  readonly stack: Stack
  /** A fresh browser context and page; closed after the test, with a screenshot when the test failed. */
  visit(options?: VisitOptions): Promise<Visit>
}

/**
 * One Chromium per worker, shared by the spec files it runs (e2e runs with `isolate: false`, so this
 * module outlives a file): each test still gets a fresh context, an empty profile of its own.
 * Launched again if it went away; playwright-core closes it when the worker exits.
 */
let workerBrowser: Promise<Browser> | undefined
function sharedBrowser(): Promise<Browser> {
  workerBrowser ??= launchBrowser().then(
    (browser) => {
      browser.once('disconnected', () => {
        workerBrowser = undefined
      })
      return browser
    },
    (error: unknown) => {
      workerBrowser = undefined
      throw error
    },
  )
  return workerBrowser
}

/**
 * Registers the hooks of one spec file: the server and simulator for the whole file, the worker's
 * Chromium, a fresh browser context per test. The server is stopped in afterAll even when a test or
 * beforeAll failed.
 */
export function useJourneyEnvironment(options: StackOptions = {}): JourneyEnvironment {
  let stack: Stack | undefined
  let browser: Browser | undefined
  let visits: Visit[] = []

  beforeAll(async () => {
    // Started side by side, but each kept as soon as it is up, so afterAll stops whichever did start.
    const starting = [
      startStack(options).then((started) => {
        stack = started
      }),
      sharedBrowser().then((launched) => {
        browser = launched
      }),
    ]
    const results = await Promise.allSettled(starting)
    for (const result of results) if (result.status === 'rejected') throw result.reason
  })

  afterEach(async (context) => {
    const open = visits
    visits = []
    // An expected failure (`it.fails`) is no failure to investigate.
    const failed = context.task.result?.state === 'fail' && !context.task.fails
    for (const [index, { page, context: browserContext }] of open.entries()) {
      if (failed && !page.isClosed()) {
        const name = `FAILED-${context.task.name.replace(/[^\w-]+/g, '-').slice(0, 80)}-${index}`
        await screenshot(page, name).catch(() => undefined)
      }
      await browserContext.close().catch(() => undefined)
    }
    if (failed && stack) console.error(`Server and simulator output:\n${stack.logs()}`)
  })

  afterAll(async () => {
    // Contexts are closed after each test; the browser stays for the worker's next file.
    await stack?.stop()
  })

  return {
    get stack() {
      if (!stack) throw new Error('the stack is not running (did beforeAll fail?)')
      return stack
    },
    async visit(visitOptions) {
      if (!browser) throw new Error('the browser is not running (did beforeAll fail?)')
      const visit = await openVisit(browser, visitOptions)
      visits.push(visit)
      return visit
    },
  }
}
