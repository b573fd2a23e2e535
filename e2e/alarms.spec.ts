import { demoFarm } from '@kropla/domain'
import { catalogues } from '@kropla/i18n'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { screenshot } from './support/browser'
import { demoUser } from './support/demo'
import { useJourneyEnvironment } from './support/environment'
import { logInAsDemo, textOf, visit } from './support/journey'
import { mailSince, outboxMark, waitForMail } from './support/outbox'

/**
 * Issue 6, "Checked by": driving a simulated module across its threshold and back; counting the
 * notifications in the outbox; confirming and removing the alarm in a real browser; trying to remove
 * it while it is active. The browser stays open on /alarms the whole time: every change must arrive
 * there without a reload.
 */

const en = catalogues.en
const env = useJourneyEnvironment()

const probe = demoFarm.modules.find((module) => module.serial === 'DEMO-TRIO-0001')!
const field = 'HUMIDITY_1'
const fieldLabel = en.fields[field]
const thresholdInput = `input[name="config.alarms.${field}_lt.value"]`
const activeInput = `input[name="config.alarms.${field}_lt.active"]`

/** The probe's soil moisture 1 as its tile on the start screen shows it now ("23.4 %"). */
async function currentMoisture(page: Page): Promise<number> {
  await visit(page, env.stack.baseUrl, '/')
  const testId = `value-${probe.serial}-${field}`
  await page.getByTestId(testId).filter({ hasText: /\d/ }).waitFor({ timeout: 45_000 })
  const text = await textOf(page, testId)
  const match = /^(\d+(?:\.\d+)?) %$/.exec(text)
  if (!match) throw new Error(`unexpected soil moisture text ${JSON.stringify(text)}`)
  return Number(match[1])
}

/** Sets the lower-than threshold on the probe's module page, as the grower would, and saves it. */
async function setLowerThreshold(page: Page, value: number): Promise<void> {
  await visit(page, env.stack.baseUrl, '/kropla_2/modules')
  await page.getByTestId(`module-${probe.serial}`).getByRole('link').first().click()
  await page.getByRole('heading', { name: probe.name }).waitFor()
  await page.locator(thresholdInput).fill(String(value))
  await page.locator(activeInput).check({ force: true })
  const saved = page.waitForResponse(
    (response) =>
      /^\/api\/objects\/\d+$/.test(new URL(response.url()).pathname) && response.request().method() === 'PUT',
  )
  await page.getByRole('button', { name: en.modules.save }).click()
  const answer = await saved
  expect(answer.status(), await answer.text()).toBe(200)
}

/** The notification mails about soil moisture 1 of the probe since `mark`. */
function moistureMails(mark: ReadonlySet<string>) {
  return mailSince(env.stack.dataDir, mark).filter(
    (mail) =>
      mail.subject === en.notifications.alarm_subject.replace('{{module}}', probe.name) &&
      mail.text.includes(`${fieldLabel} is `),
  )
}

describe('alarms', () => {
  it('raises a soil moisture alarm live in the open browser, mails it once, refuses removing it while active, then confirms and removes it', async () => {
    const { context, page, pageErrors } = await env.visit()
    await logInAsDemo(page, env.stack.baseUrl)
    await visit(page, env.stack.baseUrl, '/alarms')
    await page.getByRole('heading', { name: en.alarms.title }).waitFor()
    let loads = 0
    page.on('load', () => loads++)

    // The grower changes the threshold in a second tab of the same browser.
    const settings = await context.newPage()
    const before = await currentMoisture(settings)
    const raiseAt = Math.min(100, Math.ceil(before) + 20)
    const mark = outboxMark(env.stack.dataDir)
    await setLowerThreshold(settings, raiseAt)
    const savedAt = Date.now()
    await screenshot(settings, 'alarms-threshold-above')

    // The open /alarms screen shows it, and announces it, within seconds.
    const alarmName = en.alarms.name_lt
      .replace('{{field}}', fieldLabel)
      .replace('{{threshold}}', `${raiseAt} %`)
    const row = page
      .locator('[data-testid^="alarm-row-"]', { hasText: probe.name })
      .filter({ hasText: alarmName })
    // Waited for longer than it may take, so that a slow arrival fails below with its measured time.
    await row.and(page.locator('[data-state="active"]')).waitFor({ timeout: 45_000 })
    const shownAfterMs = Date.now() - savedAt
    const notice = page.locator('.mantine-Notification-root', {
      has: page.getByTestId('alarm-notice'),
    })
    await notice.filter({ hasText: en.alarms.notice_title.replace('{{module}}', probe.name) }).waitFor()
    expect(await notice.textContent()).toContain(alarmName.split(' lower')[0])
    await screenshot(page, 'alarms-raised-live')
    expect(loads).toBe(0)
    expect(shownAfterMs, `shown ${shownAfterMs} ms after the save`).toBeLessThan(30_000)
    expect(await row.getByTestId('alarm-state').textContent()).toContain(en.alarms.state_active)

    // Exactly one e-mail, to the grower, naming the module, the value, the threshold and the link.
    const mail = await waitForMail(env.stack.dataDir, { to: demoUser.email, mark, timeoutMs: 30_000 })
    expect(moistureMails(mark)).toHaveLength(1)
    expect(mail.subject).toBe(en.notifications.alarm_subject.replace('{{module}}', probe.name))
    expect(mail.text).toContain(probe.serial)
    expect(mail.text).toMatch(
      new RegExp(`${fieldLabel} is \\d+(\\.\\d+)? %, below the threshold of ${raiseAt} %`),
    )
    // Raised from a reading, not from a request: without PUBLIC_URL the server names its own port.
    const port = new URL(env.stack.baseUrl).port
    expect(mail.text).toMatch(new RegExp(`^http://(127\\.0\\.0\\.1|localhost):${port}/#/alarms$`, 'm'))

    // While it is active it cannot be removed: the button says why, and the server refuses it too.
    const remove = row.getByRole('button', { name: /^Remove:/ })
    expect(await remove.isDisabled()).toBe(true)
    const reasonId = await remove.getAttribute('aria-describedby')
    expect((await page.locator(`[id="${reasonId}"]`).textContent())?.trim()).toBe(
      en.errors.alarm_active_not_deleted,
    )
    await remove.hover({ force: true })
    await page.getByRole('tooltip').filter({ hasText: en.errors.alarm_active_not_deleted }).waitFor()
    await screenshot(page, 'alarms-active-not-removed')
    const alarmId = Number((await row.getAttribute('data-testid'))?.replace('alarm-row-', ''))
    // As the app would send it: with the session's CSRF token.
    const { token } = (await (await context.request.get(`${env.stack.baseUrl}/token`)).json()) as {
      token: string
    }
    const refused = await context.request.delete(`${env.stack.baseUrl}/api/alarms/${alarmId}`, {
      headers: { 'csrf-token': token },
    })
    expect(refused.status()).toBe(409)
    expect(((await refused.json()) as { message: string }).message).toBe(en.errors.alarm_active_not_deleted)

    // The threshold back below the value: the alarm becomes inactive, live.
    const now = await currentMoisture(settings)
    const clearAt = Math.max(0, Math.floor(now) - 20)
    await setLowerThreshold(settings, clearAt)
    await row.and(page.locator('[data-state="inactive"]')).waitFor({ timeout: 45_000 })
    await screenshot(page, 'alarms-inactive-live')
    expect(loads).toBe(0)

    // Confirmed by the grower, then removed.
    await row.getByRole('button', { name: /^Confirm:/ }).click()
    await row.getByText(/^Confirmed by Anna Nowak at /).waitFor()
    await row.getByRole('button', { name: /^Remove:/ }).click()
    const dialog = page.getByRole('dialog', { name: en.alarms.remove_title })
    await dialog.waitFor()
    await screenshot(page, 'alarms-remove-dialog')
    await dialog.getByRole('button', { name: en.alarms.remove }).click()
    await page.getByText(en.alarms.removed).waitFor()
    await row.waitFor({ state: 'detached' })

    // Shown among the removed ones, by whom.
    await page.getByLabel(en.alarms.filter_state).selectOption('removed')
    const removedRow = page.getByTestId(`alarm-row-${alarmId}`)
    await removedRow.getByText(/^Removed by Anna Nowak at /).waitFor()
    await screenshot(page, 'alarms-removed')

    // Still exactly one notification for the whole episode.
    expect(moistureMails(mark)).toHaveLength(1)
    expect(loads).toBe(0)
    expect(pageErrors).toEqual([])
  })
})
