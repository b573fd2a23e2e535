import { demoFarm } from '@kropla/domain'
import { catalogues } from '@kropla/i18n'
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { desktop, screenshot } from './support/browser'
import { useJourneyEnvironment } from './support/environment'
import { logInAsDemo, visit } from './support/journey'
import { fitsWindowOnceSettled } from './support/layout'

/**
 * Issue 16, items 1 and 2, on the simulated demo farm through the real broker: an output test of
 * the field valves' first output (2 s) that the simulated module confirms on and then off, then a
 * walk of a group of two valves (2 s each), both in the test area's history; at 1280 px and 390 px.
 */
const en = catalogues.en
const pl = catalogues.pl
const env = useJourneyEnvironment()

const valves = demoFarm.modules.find((module) => module.serial === 'DEMO-VALVO-0001')!
const firstValve = valves.outputs!.find((output) => output.field === 'o1')!.name
const walkedGroup = 'Lettuce and raspberries'

async function onPhone(page: Page, name: string, shown?: Locator) {
  await page.setViewportSize({ width: 390, height: 844 })
  expect(await fitsWindowOnceSettled(page)).toBe(true)
  await shown?.scrollIntoViewIfNeeded()
  await screenshot(page, name)
  await page.setViewportSize(desktop)
}

describe('the test area: an output test and a group walk', () => {
  it('pulses an output and walks a group on the simulated farm, each output confirmed on and off', async () => {
    const { page, pageErrors } = await env.visit()
    await logInAsDemo(page, env.stack.baseUrl)

    await visit(page, env.stack.baseUrl, '/test/objects')
    await page.getByRole('heading', { name: en.test_area.objects.title }).waitFor()
    await onPhone(page, 'test-area-objects-390')
    await page.getByRole('link', { name: valves.name, exact: true }).click()
    await page.getByTestId('output-tests').waitFor()
    const moduleRoute = new URL(page.url()).hash.slice(1)
    await page.getByTestId('state-connection').getByText(en.test_area.connected).waitFor({ timeout: 60_000 })
    await page.getByLabel(en.test_area.seconds).fill('2')
    await page.getByTestId('test-output-o1').click()
    const live = page.getByTestId('live-run')
    await live.waitFor()
    expect(await live.getByText(`${en.test_area.kinds.output}: ${firstValve}`).count()).toBe(1)
    // Confirmed on by the module's answer, then off by its own clock 2 s later.
    await live.getByTestId('test-run-result').filter({ hasText: en.test_area.results.pass }).waitFor({
      timeout: 60_000,
    })
    await screenshot(page, 'test-area-output-1280')
    // Below: every input as it arrives, the last messages (the command just sent among them).
    const messages = page.getByTestId('last-messages')
    await page.getByTestId('live-arrivals').waitFor({ timeout: 30_000 })
    await page.getByTestId('live-inputs').scrollIntoViewIfNeeded()
    await screenshot(page, 'test-area-inputs-1280')
    await onPhone(page, 'test-area-messages-390', messages)
    await onPhone(page, 'test-area-output-390', live)

    await visit(page, env.stack.baseUrl, '/test/groups')
    await page.getByRole('link', { name: walkedGroup }).click()
    await page.getByLabel(en.test_area.seconds).fill('2')
    await page.getByRole('button', { name: en.test_area.groups.start }).click()
    const walk = page.getByTestId('live-run')
    await walk.getByTestId('live-run-progress').waitFor({ timeout: 30_000 })
    await walk.getByTestId('test-run-result').filter({ hasText: en.test_area.results.pass }).waitFor({
      timeout: 60_000,
    })
    const items = walk.locator('[data-testid^="test-item-output:"]')
    expect(await items.count()).toBe(2)
    expect(await items.filter({ hasText: en.test_area.item_results.pass }).count()).toBe(2)
    await screenshot(page, 'test-area-group-1280')
    await onPhone(page, 'test-area-group-390', walk)

    // Both runs in the history, newest first, with who ran them.
    await visit(page, env.stack.baseUrl, '/test')
    const history = page.getByTestId('test-history')
    await history.getByText(`${en.test_area.kinds.group}: ${walkedGroup}`).waitFor({ timeout: 30_000 })
    await history.getByText(`${en.test_area.kinds.output}: ${firstValve}`).first().waitFor()
    await screenshot(page, 'test-area-history-1280')
    await onPhone(page, 'test-area-history-390', history)

    // The resources: the outputs a walk would open and the counters on inputs, live.
    await visit(page, env.stack.baseUrl, '/test/resources')
    await page.getByTestId('walked-outputs').waitFor()
    const counters = page.getByTestId('counters-table')
    await counters.waitFor()
    await onPhone(page, 'test-area-resources-390', counters)

    // In Polish on a phone the module's page still fits: long output names wrap.
    await page.setViewportSize({ width: 390, height: 844 })
    await visit(page, env.stack.baseUrl, moduleRoute)
    await page.getByLabel('Language').selectOption('pl')
    const tests = page.getByTestId('output-tests')
    await tests.getByText(pl.test_area.object.outputs).waitFor()
    expect(await fitsWindowOnceSettled(page)).toBe(true)
    await tests.scrollIntoViewIfNeeded()
    await screenshot(page, 'test-area-output-pl-390')
    expect(pageErrors).toEqual([])
  })
})
