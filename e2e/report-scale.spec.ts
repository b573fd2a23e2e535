import { demoFarm } from '@kropla/domain'
import { catalogues } from '@kropla/i18n'
import { describe, expect, it } from 'vitest'
import { screenshot } from './support/browser'
import { demoModuleAuthorization } from './support/demo'
import { useJourneyEnvironment } from './support/environment'
import { farmWallClock } from './support/farm-clock'
import { logInAsDemo, visit } from './support/journey'
import { frameFigures, scrollFrames } from './support/scroll-frames'

/**
 * Issue 14 item 6: report tables "show all rows, virtualised so 50,000 rows scroll smoothly". The
 * soil probe of the demo farm uploads one reading a minute for 50,000 minutes (about 35 days) as
 * the module does over HTTP; a minute-grouped temperature report over that range is generated in
 * the creator and its table scrolled in Chromium. The test checks what the user sees (every row
 * reachable: the last minute's row after scrolling to the end, only a screenful in the document);
 * the times between frames are printed for the record (bench/README.md), not asserted.
 */
const env = useJourneyEnvironment({ simulator: false })
const en = catalogues.en
const farmZone = 'Europe/Warsaw'
const minute = 60_000
const rowsWanted = 50_000

const probe = demoFarm.modules.find((module) => module.name === 'Tomato field probe')!

/** The probe's temperature at level 1: the minute of the hour over 10, so rows differ. */
const temperature = (ts: number) => 10 + new Date(ts).getUTCMinutes() / 10

declare global {
  interface Window {
    scaleStart?: number
  }
}

describe('a report table of 50,000 rows', () => {
  it('generates a minute report of 50,000 readings, every row reachable by scrolling, a screenful in the document', {
    timeout: 600_000,
  }, async () => {
    // 50,000 whole minutes ending a few minutes ago.
    const from = Math.floor(Date.now() / minute) * minute - (rowsWanted + 5) * minute
    const last = from + (rowsWanted - 1) * minute
    const sets = Array.from({ length: rowsWanted }, (_, index) => {
      const ts = from + index * minute
      return { ts: new Date(ts).toISOString(), values: { TEMP_1: temperature(ts) } }
    })
    const uploadStarted = Date.now()
    for (let start = 0; start < sets.length; start += 1000) {
      const answer = await fetch(`${env.stack.baseUrl}/ingest/v1/${probe.serial}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: demoModuleAuthorization(env.stack, probe.serial),
        },
        body: JSON.stringify({ readings: sets.slice(start, start + 1000) }),
      })
      expect(answer.status).toBe(202)
    }

    const { page, pageErrors } = await env.visit()
    await page.setViewportSize({ width: 1280, height: 800 })
    await logInAsDemo(page, env.stack.baseUrl)

    // The readings are stored after the 202: wait until the server's report holds all of them.
    const objects = await page.evaluate(
      async () => (await (await fetch('/api/objects')).json()) as { id: number; name: string }[],
    )
    const probeId = objects.find((object) => object.name === probe.name)!.id
    const request = {
      type: 'temperature',
      sources: [{ id: probeId, fields: ['TEMP_1'] }],
      start_date: new Date(from).toISOString(),
      end_date: new Date(last + minute).toISOString(),
      grouping: 'minute',
    }
    await expect
      .poll(
        () =>
          page.evaluate(async (body) => {
            const token = ((await (await fetch('/token')).json()) as { token: string }).token
            const answer = await fetch('/api/reports', {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'csrf-token': token },
              body: JSON.stringify(body),
            })
            const report = (await answer.json()) as { timestamps?: number[] }
            return report.timestamps?.length ?? -answer.status
          }, request),
        { timeout: 240_000, interval: 3_000 },
      )
      .toBeGreaterThanOrEqual(rowsWanted)
    const storedMs = Date.now() - uploadStarted

    await visit(page, env.stack.baseUrl, '/reports')
    await page.getByTestId('source-count').waitFor()
    const pick = async (label: string, option: string) => {
      await page
        .getByRole('textbox', { name: label, exact: true })
        .or(page.getByRole('combobox', { name: label, exact: true }))
        .first()
        .click()
      await page.getByRole('option', { name: option, exact: true }).click()
    }
    await pick(en.reports.type, en.reports.types.temperature)
    await pick(en.reports.modules, probe.name)
    await page.keyboard.press('Escape')
    await page.getByLabel(en.reports.start).fill(farmWallClock(from, farmZone))
    await page.getByLabel(en.reports.end).fill(farmWallClock(last + minute, farmZone))
    await page.getByText(en.reports.groupings.minute, { exact: true }).click()
    await page.evaluate(() => {
      window.scaleStart = performance.now()
    })
    await page.getByRole('button', { name: en.reports.generate }).click()
    await page.locator('[data-testid="report-chart"][data-drawn="true"]').waitFor({ timeout: 180_000 })
    const chartMs = await page.evaluate(() => performance.now() - (window.scaleStart ?? 0))
    await page.evaluate(() => {
      window.scaleStart = performance.now()
    })
    await page.getByText(en.reports.view_table, { exact: true }).click()
    const table = page.getByRole('table', { name: en.reports.table, exact: true })
    await table.locator('tbody tr[aria-rowindex="2"]').waitFor({ timeout: 120_000 })
    const tableMs = await page.evaluate(() => performance.now() - (window.scaleStart ?? 0))
    const rows = Number(await table.getAttribute('aria-rowcount')) - 1
    expect(rows).toBeGreaterThanOrEqual(rowsWanted)
    expect(await table.getByRole('row').nth(1).getByRole('cell').first().textContent()).toBe(
      farmWallClock(from, farmZone).replace('T', ' '),
    )

    const frames = await scrollFrames(page, 'report-table')
    const rowsDrawn = await table.locator('tbody tr').count()
    expect(rowsDrawn, 'only a screenful of rows in the document').toBeLessThan(200)

    // To the end: the last minute's row is there.
    await page.evaluate(() => {
      const scroller = document.querySelector<HTMLElement>('[data-testid="report-table"]')!
      scroller.scrollTop = scroller.scrollHeight
    })
    const lastText = farmWallClock(last, farmZone).replace('T', ' ')
    await table.locator('tbody tr').filter({ hasText: lastText }).first().waitFor({ timeout: 30_000 })
    expect(await table.locator('tbody tr').count()).toBeLessThan(200)
    await screenshot(page, 'report-50000-rows-end-1280')

    const figures = {
      rows,
      readingsStoredMs: storedMs,
      chartDrawnMs: Math.round(chartMs),
      tableShownMs: Math.round(tableMs),
      scrollFrameMs: frameFigures(frames),
      rowsInTheDocument: rowsDrawn,
    }
    console.log(`report table at ${rowsWanted} rows: ${JSON.stringify(figures)}`)
    expect(pageErrors).toEqual([])
  })
})
