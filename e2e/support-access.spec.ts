import { demoFarm } from '@kropla/domain'
import { catalogues } from '@kropla/i18n'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { screenshot } from './support/browser'
import { useJourneyEnvironment } from './support/environment'
import { visit } from './support/journey'
import { createOperator, logInAsOperator, operatorUser } from './support/operator'

/**
 * Issue 15 items 2, 3 and 11: the operator switches into the demo farm's account with a reason,
 * sees it under the support banner, changes something there, switches back (the banner is gone),
 * and finds the switch in, the change "on behalf of" the account and the switch out in the audit
 * log. Screens at 1280 and 390 px, no sideways scroll of the page.
 */
const en = catalogues.en
const phone = { width: 390, height: 844 }
const desktop = { width: 1280, height: 800 }

const env = useJourneyEnvironment({ simulator: false, prepare: createOperator })

/**
 * Whether the page fits the window once its layout has settled after a resize (the menu's slide-out
 * left the page wider for a moment on a busy machine): false when it never does.
 */
const pageIsNotWider = (page: Page) =>
  page
    .waitForFunction(
      () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
      null,
      { timeout: 30_000 },
    )
    .then(
      () => true,
      () => false,
    )

describe('support access', () => {
  it('switches into a client account with a reason and back, and the audit log shows it all', async () => {
    const { page } = await env.visit()
    await page.setViewportSize(desktop)
    await logInAsOperator(page, env.stack.baseUrl)

    await visit(page, env.stack.baseUrl, '/admin/adminus/logs')
    await page.getByRole('heading', { name: en.audit.title }).waitFor()
    await page.getByTestId('audit-table').waitFor()
    await screenshot(page, 'audit-log-1280')

    // Switch in: the account and a reason.
    await page.getByTestId('support-open').click()
    await page.getByTestId('support-account').click()
    await page.getByTestId('support-account').fill(demoFarm.clientName)
    await page.getByRole('option', { name: demoFarm.clientName }).click()
    await page.getByTestId('support-reason').fill('Ticket 7: the grower cannot see the valves')
    await page.getByTestId('support-submit').click()

    // The page reloads as the client's: the banner says whose account and why.
    const banner = page.getByTestId('support-banner')
    await banner.waitFor({ timeout: 30_000 })
    // The client's start screen greets an admin with the first-run dialog: work from settings instead.
    await visit(page, env.stack.baseUrl, '/settings')
    await banner.waitFor()
    expect(await banner.textContent()).toContain(demoFarm.clientName)
    expect(await banner.textContent()).toContain('Ticket 7')
    await screenshot(page, 'support-banner-1280')
    await page.setViewportSize(phone)
    await banner.waitFor()
    expect(await pageIsNotWider(page)).toBe(true)
    await screenshot(page, 'support-banner-390')
    await page.setViewportSize(desktop)

    // A change made while switched in, through the API as the page makes it.
    const status = await page.evaluate(async () => {
      const token = ((await (await fetch('/token')).json()) as { token: string }).token
      const answer = await fetch('/api/groups', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'csrf-token': token },
        body: JSON.stringify({ name: 'Support check', scope: 'objects' }),
      })
      return answer.status
    })
    expect(status).toBe(201)

    // Back: the banner is gone.
    await page.getByTestId('support-leave').click()
    await page.waitForFunction(() => !document.querySelector('[data-testid="support-banner"]'), undefined, {
      timeout: 30_000,
    })
    await page.getByRole('banner').first().waitFor()
    expect(await page.getByTestId('support-banner').count()).toBe(0)

    // The log: switch in, the change on behalf of the account, switch out.
    await visit(page, env.stack.baseUrl, '/admin/adminus/logs')
    const table = page.getByTestId('audit-table')
    await table.waitFor()
    await page.waitForFunction(
      () => document.querySelector('[data-testid="audit-table"]')?.textContent?.includes('Support check'),
      undefined,
      { timeout: 30_000 },
    )
    const text = (await table.textContent()) ?? ''
    expect(text).toContain(en.audit.actions.switch_in)
    expect(text).toContain(en.audit.actions.switch_out)
    expect(text).toContain(`${operatorUser.email} (support) on behalf of ${demoFarm.clientName}`)
    expect(text).toContain('Ticket 7')
    await screenshot(page, 'audit-log-after-support-1280')
    await page.setViewportSize(phone)
    await table.waitFor()
    expect(await pageIsNotWider(page)).toBe(true)
    await screenshot(page, 'audit-log-390')
  })
})
