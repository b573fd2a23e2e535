import { catalogues } from '@kropla/i18n'
import { describe, expect, it } from 'vitest'
import { screenshot } from './support/browser'
import { useJourneyEnvironment } from './support/environment'
import { logInAsDemo, submitLogin, visit, waitForHash } from './support/journey'

/**
 * Issue 6, messages (spec 01 section 3): the operator publishes a message to the grower's client
 * account; the grower, with the app open, is told at once, reads it and deletes it.
 */

const en = catalogues.en

/** The operator (an Adminus user of the operator's own client account), added by `kropla user create`. */
const operator = { email: 'operator@kropla.app', password: 'Operator-pass-1' }

// Messages need no readings; the server starts alone.
const env = useJourneyEnvironment({
  simulator: false,
  prepare: async ({ cli }) => {
    await cli([
      'user',
      'create',
      '--email',
      operator.email,
      '--password',
      operator.password,
      '--type',
      'adminus',
    ])
  },
})

const subject = { en: 'Pump maintenance on Friday', pl: 'Przegląd pompy w piątek' }
const content = {
  en: 'The pump house is serviced on Friday from 8:00 to 10:00. Irrigation waits until it is done.',
  pl: 'Przegląd pompowni w piątek od 8:00 do 10:00. Nawadnianie poczeka do końca prac.',
}

describe('messages', () => {
  it("the operator publishes a message to the grower's account; the grower is told live, reads it and deletes it", async () => {
    // The grower has the app open on the start screen.
    const grower = await env.visit()
    await logInAsDemo(grower.page, env.stack.baseUrl)
    await grower.page.locator('[data-testid="connection-state"][data-state="1"]').waitFor()
    // The operator addresses client accounts by their identifier (the operator's client list is not
    // built yet), so the journey reads the grower's account identifier from their session.
    const me = (await (await grower.context.request.get(`${env.stack.baseUrl}/api/me`)).json()) as {
      user: { id_client: number }
    }
    const growerClient = me.user.id_client

    const operatorVisit = await env.visit()
    const { page } = operatorVisit
    await visit(page, env.stack.baseUrl, '/login')
    await waitForHash(page, '#/login')
    await submitLogin(page, operator)
    await waitForHash(page, '#/')
    await visit(page, env.stack.baseUrl, '/admin/adminus/messages')
    await page.getByRole('heading', { name: en.admin_messages.title }).waitFor()

    await page.locator('input[name="subject_pl"]').fill(subject.pl)
    await page.locator('input[name="subject_en"]').fill(subject.en)
    await page.locator('textarea[name="content_pl"]').fill(content.pl)
    await page.locator('textarea[name="content_en"]').fill(content.en)
    await page.locator('select[name="recipients.kind"]').selectOption('clients')
    await page.locator('input[name="recipients.ids"]').fill(String(growerClient))
    await screenshot(page, 'messages-operator-compose')
    const published = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/admin/messages' && response.request().method() === 'POST',
    )
    await page.getByRole('button', { name: en.admin_messages.publish }).click()
    const answer = await published
    expect(answer.ok(), `${answer.status()} ${await answer.text()}`).toBe(true)
    // The demo farm's account has one user: the grower.
    const recipients = ((await answer.json()) as { recipient_count: number }).recipient_count
    expect(recipients).toBe(1)
    await page.getByText(en.admin_messages.published_one.replace('{{count}}', String(recipients))).waitFor()
    await page.getByTestId('admin-messages').getByText(subject.en).waitFor()
    await screenshot(page, 'messages-operator-published')

    // The grower's open app shows the notice without a reload.
    const growerPage = grower.page
    let loads = 0
    growerPage.on('load', () => loads++)
    const notice = growerPage.locator('.mantine-Notification-root', { hasText: en.messages.new_message })
    await notice.filter({ hasText: subject.en }).waitFor()
    await screenshot(growerPage, 'messages-grower-notice')
    expect(loads).toBe(0)

    // The messages screen, through the menu, lists it unread.
    const menu = growerPage.getByTestId('main-nav')
    await menu.getByRole('link', { name: en.nav.user_messages, exact: true }).click()
    await waitForHash(growerPage, '#/kropla_2/user_messages')
    const item = growerPage.locator('[data-unread]', { hasText: subject.en })
    await item.waitFor()
    expect(await item.getAttribute('data-unread')).toBe('true')
    await screenshot(growerPage, 'messages-grower-unread')

    // Opening it shows the content and reads it, on the server too.
    const read = growerPage.waitForResponse((response) =>
      /\/api\/user_messages\/\d+\/read$/.test(new URL(response.url()).pathname),
    )
    await growerPage.getByRole('button', { name: subject.en }).click()
    expect((await read).status()).toBe(200)
    await item.getByText(content.en).waitFor()
    await growerPage.locator('[data-unread="false"]', { hasText: subject.en }).waitFor()
    await screenshot(growerPage, 'messages-grower-read')

    // Deleting it removes it, and it stays gone when the screen is opened afresh.
    const deleted = growerPage.waitForResponse(
      (response) =>
        /\/api\/user_messages\/\d+$/.test(new URL(response.url()).pathname) &&
        response.request().method() === 'DELETE',
    )
    await growerPage
      .getByRole('button', { name: en.messages.delete_label.replace('{{subject}}', subject.en) })
      .click()
    expect((await deleted).status()).toBeLessThan(300)
    await item.waitFor({ state: 'detached' })
    await visit(growerPage, env.stack.baseUrl, '/kropla_2/user_messages')
    await growerPage.getByText(en.messages.empty).waitFor()
    expect(await growerPage.getByText(subject.en).count()).toBe(0)
    await screenshot(growerPage, 'messages-grower-deleted')

    // The operator sees it reached and read by the grower.
    await visit(page, env.stack.baseUrl, '/admin/adminus/messages')
    await page
      .getByTestId('admin-messages')
      .getByText(en.admin_messages.reach.replace('{{read}}', '1').replace('{{count}}', String(recipients)))
      .waitFor()
    expect(grower.pageErrors).toEqual([])
    expect(operatorVisit.pageErrors).toEqual([])
  })
})
