import fs from 'node:fs'
import path from 'node:path'
import { catalogues } from '@kropla/i18n'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { screenshot } from './support/browser'
import { useJourneyEnvironment } from './support/environment'
import { createOperator, logInAsOperator } from './support/operator'
import { frameFigures, scrollFrames } from './support/scroll-frames'

/**
 * Issue 15 item 1: the operator's tables "show all rows, with search and sorting, and stay fast
 * with 10,000 rows". A fleet of 10,000 modules more is imported by the command line; the operator
 * opens the devices screen, searches and sorts in Chromium, and scrolls the table. The test checks
 * what the operator sees (every row there, the one searched for found, the order reversed); the
 * times are printed for the record (bench/README.md), not asserted: this machine's speed varies.
 */
const en = catalogues.en
const fleetSize = 10_000
const serialOf = (index: number) => `SCALE-${String(index).padStart(5, '0')}`

const env = useJourneyEnvironment({
  simulator: false,
  prepare: async (preparation) => {
    await createOperator(preparation)
    const lines = ['serial,pin,model']
    for (let index = 1; index <= fleetSize; index++)
      lines.push(`${serialOf(index)},${1000 + (index % 9000)},AGB-2000`)
    const file = path.join(preparation.dataDir, 'scale-fleet.csv')
    fs.writeFileSync(file, `${lines.join('\n')}\n`)
    await preparation.cli([
      'fleet',
      'import',
      file,
      '--secrets-out',
      path.join(preparation.dataDir, 'scale-fleet-secrets.csv'),
    ])
  },
})

declare global {
  interface Window {
    scaleStart?: number
    scaleDone?: number
  }
}

/** What a table shows once the step is done: at least or exactly so many rows, a first row. */
interface Shown {
  /** The table's test id (default the devices table). */
  testId?: string
  minRows?: number
  rows?: number
  firstRowContains?: string
  /** The first row is another than this one (its text). */
  firstRowNot?: string
}

/** Milliseconds in the page from `scaleStart` until the devices table shows that (checked every animation frame). */
async function timeUntil(page: Page, shown: Shown): Promise<number> {
  await page.waitForFunction(
    (want: Shown) => {
      const table = document.querySelector(`[data-testid="${want.testId ?? 'operator-devices'}"]`)
      const rows = Number(table?.getAttribute('data-rows') ?? -1)
      const first = table?.querySelector('tbody tr[aria-rowindex="2"]')
      const holds =
        Boolean(first) &&
        (want.minRows === undefined || rows >= want.minRows) &&
        (want.rows === undefined || rows === want.rows) &&
        (want.firstRowContains === undefined ||
          Boolean(first?.textContent?.includes(want.firstRowContains))) &&
        (want.firstRowNot === undefined || first?.textContent !== want.firstRowNot)
      if (holds && window.scaleDone === undefined) window.scaleDone = performance.now()
      return holds
    },
    shown,
    { polling: 'raf', timeout: 120_000 },
  )
  return page.evaluate(() => (window.scaleDone ?? 0) - (window.scaleStart ?? 0))
}

const startClock = (page: Page) =>
  page.evaluate(() => {
    window.scaleDone = undefined
    window.scaleStart = performance.now()
  })

describe('the operator tables with 10,000 modules', () => {
  it('shows every module of the fleet, finds one by search, sorts, and scrolls', async () => {
    const { page } = await env.visit()
    await page.setViewportSize({ width: 1280, height: 800 })
    await logInAsOperator(page, env.stack.baseUrl)

    // Open the devices screen from within the app (a hash change, as a menu click does).
    await startClock(page)
    await page.evaluate(() => {
      window.location.hash = '#/admin/adminus/devices'
    })
    const shown = await timeUntil(page, { minRows: fleetSize })
    const table = page.getByTestId('operator-devices')
    // Of which the answer itself (the server's query and the transfer, without drawing).
    const answerMs = await page.evaluate(async () => {
      const started = performance.now()
      const answer = await fetch('/api/admin/devices', { credentials: 'same-origin' })
      await answer.json()
      return performance.now() - started
    })
    const total = Number(await table.getAttribute('data-rows'))
    expect(total).toBeGreaterThanOrEqual(fleetSize)

    // Search: one module among them.
    const search = page.getByTestId('operator-devices-search')
    await startClock(page)
    await search.fill('SCALE-09876')
    const searched = await timeUntil(page, { rows: 1, firstRowContains: 'SCALE-09876' })
    await table.getByRole('link', { name: 'SCALE-09876' }).waitFor()

    await search.fill('')
    await startClock(page)
    await timeUntil(page, { minRows: fleetSize })
    // Shown by serial number, ascending: one click reverses the order of every row.
    await table.locator('th[aria-sort="ascending"]').waitFor()
    const serialHeader = table.getByRole('button', { name: en.operator.columns.serial, exact: true })
    const firstAscending = (await table.locator('tbody tr[aria-rowindex="2"]').textContent()) ?? ''
    await startClock(page)
    await serialHeader.click()
    const sorted = await timeUntil(page, { minRows: fleetSize, firstRowNot: firstAscending })
    expect(await table.locator('th[aria-sort="descending"]').count()).toBe(1)
    // The last serial of the imported fleet comes before every other of it.
    const serials = await table
      .locator('tbody tr')
      .evaluateAll((rows) =>
        rows.map((row) => /SCALE-\d{5}/.exec(row.textContent ?? '')?.[0]).filter(Boolean),
      )
    expect(serials[0]).toBe('SCALE-10000')

    const frames = await scrollFrames(page, 'operator-devices')
    const rowsDrawn = await table.locator('tbody tr').count()
    expect(rowsDrawn).toBeLessThan(200)
    await screenshot(page, 'operator-devices-10000-1280')

    const figures = {
      rows: total,
      showDevicesMs: Math.round(shown),
      devicesAnswerMs: Math.round(answerMs),
      searchMs: Math.round(searched),
      sortMs: Math.round(sorted),
      scrollFrameMs: frameFigures(frames),
      rowsInTheDocument: rowsDrawn,
    }
    console.log(`operator tables at ${fleetSize} modules: ${JSON.stringify(figures)}`)
  })
  it('shows the newest 10,000 audit log entries (the import wrote one per module) and scrolls them', async () => {
    const { page } = await env.visit()
    await page.setViewportSize({ width: 1280, height: 800 })
    await logInAsOperator(page, env.stack.baseUrl)
    await startClock(page)
    await page.evaluate(() => {
      window.location.hash = '#/admin/adminus/logs'
    })
    const shown = await timeUntil(page, { testId: 'audit-table', rows: 10_000 })
    expect(await page.getByTestId('audit-count').textContent()).toBe(
      en.audit.count_truncated.replace('{{count}}', '10000'),
    )
    const frames = await scrollFrames(page, 'audit-table')
    const rowsDrawn = await page.getByTestId('audit-table').locator('tbody tr').count()
    expect(rowsDrawn).toBeLessThan(200)
    await screenshot(page, 'operator-logs-10000-1280')
    const figures = {
      rows: 10_000,
      showLogMs: Math.round(shown),
      scrollFrameMs: frameFigures(frames),
      rowsInTheDocument: rowsDrawn,
    }
    console.log(`operator audit log at 10,000 entries: ${JSON.stringify(figures)}`)
  })
})
