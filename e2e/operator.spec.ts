import { demoFarm } from '@kropla/domain'
import { catalogues } from '@kropla/i18n'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { screenshot } from './support/browser'
import { useJourneyEnvironment } from './support/environment'
import { logInAsDemo, submitLogin, visit, waitForHash } from './support/journey'
import { createOperator, logInAsOperator } from './support/operator'

/**
 * Issue 15 items 1 and 11: the operator's back office in a real browser. The operator imports a
 * fleet CSV (one bad line reported, nothing imported; fixed, all imported), then blocks the demo
 * client while its grower has the app open in another browser: the grower is logged out at once and
 * cannot log back in; unblocked, they can. Screens at 1280 and 390 px.
 */
const en = catalogues.en
const phone = { width: 390, height: 844 }
const desktop = { width: 1280, height: 800 }

const env = useJourneyEnvironment({ simulator: false, prepare: createOperator })

/** The page is no wider than the window (tables scroll inside themselves). */
async function pageWidth(page: Page) {
  // The menu slides away when the window narrows (a transition): measure once the layout has settled.
  await page
    .waitForFunction(
      () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
      undefined,
      {
        timeout: 5_000,
      },
    )
    .catch(() => undefined)
  return page.evaluate(() => {
    const viewport = document.documentElement.clientWidth
    const wide = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((element) => element.getBoundingClientRect().right > viewport + 1)
      .filter((element) => {
        for (
          let parent = element.parentElement;
          parent && parent !== document.body;
          parent = parent.parentElement
        )
          if (
            getComputedStyle(parent).overflowX !== 'visible' &&
            parent.scrollWidth <= parent.clientWidth + 1
          )
            return false
          else if (getComputedStyle(parent).overflowX !== 'visible') return false
        return true
      })
      .slice(0, 8)
      .map(
        (element) =>
          `${element.tagName} ${element.className} ${Math.round(element.getBoundingClientRect().right)}`,
      )
    if (wide.length) console.log('wider than the window:', wide)
    return { scroll: document.documentElement.scrollWidth, viewport, wide }
  })
}

async function upload(page: Page, name: string, text: string) {
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) })
}

describe('the operator back office', () => {
  it('imports a fleet CSV with a per-line report, and blocks a client whose grower is logged in', async () => {
    const { page } = await env.visit()
    await page.setViewportSize(desktop)
    await logInAsOperator(page, env.stack.baseUrl)

    // Overview.
    await visit(page, env.stack.baseUrl, '/admin/adminus')
    await page.getByRole('heading', { name: en.operator.overview.title }).waitFor()
    await page.getByTestId('operator-figures').waitFor()
    await screenshot(page, 'operator-overview-1280')

    // Fleet import: one bad line (a PIN too short) refuses the file and says which line.
    await visit(page, env.stack.baseUrl, '/admin/adminus/devices')
    await page.getByRole('heading', { name: en.operator.devices.title }).waitFor()
    await page.getByTestId('operator-devices').waitFor()
    const bad =
      'serial,pin,model\nE2EFLEET01,4321,AGB-2000\nE2EFLEET02,12,AGB-2000\nE2EFLEET03,5555,AGB-2000\n'
    await upload(page, 'fleet-bad.csv', bad)
    const report = page.getByTestId('import-report')
    await report.waitFor()
    const refused = await report.textContent()
    expect(refused).toContain('Nothing imported: 1 of 3 lines refused')
    expect(refused).toContain('Line 3 (E2EFLEET02): pin: Check the serial number and PIN code.')
    const search = page.getByTestId('operator-devices-search')
    await search.fill('E2EFLEET')
    await page.getByText('Found 0 of').waitFor()

    const good =
      'serial,pin,model\nE2EFLEET01,4321,AGB-2000\nE2EFLEET02,1234,AGB-2000\nE2EFLEET03,5555,AGB-2000\n'
    await upload(page, 'fleet.csv', good)
    await page.getByText('Imported 3 modules.').waitFor()
    await page.getByText('Found 3 of').waitFor()
    expect(await page.getByTestId('operator-devices').getByRole('link', { name: 'E2EFLEET02' }).count()).toBe(
      1,
    )
    await screenshot(page, 'operator-devices-1280')
    await page.setViewportSize(phone)
    await page.getByText('Found 3 of').waitFor()
    const width = await pageWidth(page)
    expect(width.scroll).toBeLessThanOrEqual(width.viewport)
    await screenshot(page, 'operator-devices-390')
    await page.setViewportSize(desktop)

    // The grower has the app open.
    const grower = await env.visit()
    await logInAsDemo(grower.page, env.stack.baseUrl)
    await grower.page.locator('[data-testid="connection-state"][data-state="1"]').waitFor()

    // The operator finds the demo client and blocks it.
    await visit(page, env.stack.baseUrl, '/admin/adminus/clients')
    await page.getByTestId('operator-clients-search').fill(demoFarm.clientName)
    await page.getByTestId('operator-clients').getByRole('link', { name: demoFarm.clientName }).click()
    await page.getByRole('heading', { name: demoFarm.clientName }).waitFor()
    await page.getByRole('button', { name: en.operator.clients.block }).click()
    await page.getByRole('button', { name: en.operator.clients.unblock }).waitFor()

    // The grower is logged out at once (the server ends the session and drops its socket).
    await waitForHash(grower.page, '#/login')
    const me = await grower.context.request.get(`${env.stack.baseUrl}/api/me`)
    expect(me.status()).toBe(401)
    await submitLogin(grower.page, { email: demoFarm.user.email, password: demoFarm.user.password })
    await grower.page.getByText('This account is blocked.', { exact: false }).waitFor()
    await screenshot(page, 'operator-client-blocked-1280')
    // The "Access changed." notice is a toast of its own; measured once it has gone.
    await page.locator('.mantine-Notification-root').first().waitFor({ state: 'detached', timeout: 30_000 })
    await page.setViewportSize(phone)
    const clientWidth = await pageWidth(page)
    expect(clientWidth.wide).toEqual([])
    expect(clientWidth.scroll).toBeLessThanOrEqual(clientWidth.viewport)
    await screenshot(page, 'operator-client-blocked-390')
    await page.setViewportSize(desktop)

    // Unblocked, the grower logs in again.
    await page.getByRole('button', { name: en.operator.clients.unblock }).click()
    await page.getByRole('button', { name: en.operator.clients.block }).waitFor()
    await visit(grower.page, env.stack.baseUrl, '/login')
    await submitLogin(grower.page, { email: demoFarm.user.email, password: demoFarm.user.password })
    await waitForHash(grower.page, '#/')
    await grower.page.getByTestId('user-name').waitFor()

    // The supervisor sees both connections.
    await visit(page, env.stack.baseUrl, '/supervisor')
    await page.getByRole('heading', { name: en.supervisor.title }).waitFor()
    await page.getByTestId('active-sockets').getByText(demoFarm.user.email).waitFor()
    await screenshot(page, 'operator-supervisor-1280')
    await page.setViewportSize(phone)
    const supervisorWidth = await pageWidth(page)
    expect(supervisorWidth.scroll).toBeLessThanOrEqual(supervisorWidth.viewport)
    await screenshot(page, 'operator-supervisor-390')
  })
  it('shows the overview, clients, a client with its switch-in button, alarms and the log at 390 and 1280 px', async () => {
    const { page } = await env.visit()
    await page.setViewportSize(desktop)
    await logInAsOperator(page, env.stack.baseUrl)
    const screens: { route: string; name: string; ready: () => Promise<unknown> }[] = [
      {
        route: '/admin/adminus',
        name: 'operator-overview',
        ready: () => page.getByTestId('operator-figures').waitFor(),
      },
      {
        route: '/admin/adminus/clients',
        name: 'operator-clients',
        ready: () =>
          page.getByTestId('operator-clients').getByRole('link', { name: demoFarm.clientName }).waitFor(),
      },
      {
        route: '/admin/adminus/alarms',
        name: 'operator-alarms',
        ready: () => page.getByTestId('operator-alarms').waitFor(),
      },
      {
        route: '/admin/adminus/logs',
        name: 'operator-logs',
        ready: () => page.getByTestId('audit-table').waitFor(),
      },
    ]
    for (const { route, name, ready } of screens) {
      await visit(page, env.stack.baseUrl, route)
      await ready()
      await screenshot(page, `${name}-1280`)
      await page.setViewportSize(phone)
      const width = await pageWidth(page)
      expect(width.wide, route).toEqual([])
      expect(width.scroll, route).toBeLessThanOrEqual(width.viewport)
      await screenshot(page, `${name}-390`)
      await page.setViewportSize(desktop)
    }

    // The block of the first journey logged the grower out: the log says so, by the operator.
    await visit(page, env.stack.baseUrl, '/admin/adminus/logs')
    await page.getByTestId('audit-filter-kind').click()
    await page.getByRole('option', { name: en.audit.kinds.sessions }).click()
    const log = page.getByTestId('audit-table')
    await log.getByText(en.audit.actions.logout_forced).first().waitFor()
    await log.getByText(en.audit.actions.login).first().waitFor()

    // The client's screen offers the switch into the account, with the reason asked.
    await visit(page, env.stack.baseUrl, '/admin/adminus/clients')
    await page.getByTestId('operator-clients').getByRole('link', { name: demoFarm.clientName }).click()
    await page.getByRole('heading', { name: demoFarm.clientName }).waitFor()
    await page.getByRole('button', { name: en.support.switch_in }).click()
    const dialog = page.getByRole('dialog', { name: en.support.title })
    expect(await dialog.getByLabel(en.support.account).inputValue()).toBe(demoFarm.clientName)
    await screenshot(page, 'operator-client-switch-in-1280')
    await dialog.getByRole('button', { name: en.support.cancel }).click()
    await dialog.waitFor({ state: 'detached' })
    await screenshot(page, 'operator-client-1280')
    await page.setViewportSize(phone)
    const clientWidth = await pageWidth(page)
    expect(clientWidth.wide).toEqual([])
    expect(clientWidth.scroll).toBeLessThanOrEqual(clientWidth.viewport)
    await screenshot(page, 'operator-client-390')
    await page.getByRole('button', { name: en.support.switch_in }).click()
    await page.getByRole('dialog', { name: en.support.title }).waitFor()
    await screenshot(page, 'operator-client-switch-in-390')
  })
})
