import fs from 'node:fs'
import path from 'node:path'
import { demoFarm, demoModuleSecretsFile, demoModuleSecretsSchema } from '@kropla/domain'
import { catalogues } from '@kropla/i18n'
import { describe, expect, it } from 'vitest'
import { desktop, phoneWindow, screenshotAtBothWidths } from './support/browser'
import { useJourneyEnvironment } from './support/environment'
import { visit, waitForHash } from './support/journey'
import { createOperator, logInAsOperator } from './support/operator'

/**
 * Issue 23 item 1 in a real browser beside the demo's simulator. The demo modules log in with the
 * secrets the seed drew into the data directory, so a module's printed PIN no longer logs it in.
 * The operator finds the module still on PIN logins (DEMO-NEW-0001, whose PIN stays the claim code)
 * and the module someone just tried a PIN on, gives that one a new secret, and the simulator takes
 * it over the module's own connection, keeping it where its next run reads it.
 */
const en = catalogues.en
const env = useJourneyEnvironment({ prepare: createOperator })
const target = demoFarm.modules.find((module) => module.serial === 'DEMO-ENV-0001')!

const secretsNow = () =>
  demoModuleSecretsSchema.parse(
    JSON.parse(fs.readFileSync(path.join(env.stack.dataDir, demoModuleSecretsFile), 'utf8')),
  )

/** An upload as the module makes it, with this password. */
async function upload(password: string) {
  const response = await fetch(`${env.stack.baseUrl}/ingest/v1/${target.serial}`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${target.serial}:${password}`).toString('base64')}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ values: { TEMP_1: 21.5 } }),
  })
  return response.status
}

describe('device secrets in the back office', () => {
  it('lists the module on PIN logins and the one being guessed, and moves a simulated module onto a new secret', async () => {
    const first = secretsNow()[target.serial]!
    // Someone tries the module's printed PIN: it is no password any more, and the try is counted.
    expect(await upload(target.pin)).toBe(401)
    expect(await upload(first)).toBe(202)

    const { page } = await env.visit()
    await page.setViewportSize(desktop)
    await logInAsOperator(page, env.stack.baseUrl)
    await visit(page, env.stack.baseUrl, '/admin/adminus/devices')
    const devices = page.getByTestId('operator-devices')
    await devices.getByRole('link', { name: target.serial }).waitFor()

    await page.getByRole('radio', { name: 'On PIN logins (1)' }).check()
    await devices.getByRole('link', { name: demoFarm.unactivated.serial }).waitFor()
    expect(await devices.getByRole('link', { name: target.serial }).count()).toBe(0)
    await page.getByRole('radio', { name: 'Failed logins in 24 h (1)' }).check()
    await devices.getByRole('link', { name: target.serial }).waitFor()
    expect(await screenshotAtBothWidths(page, 'operator-devices-failed-logins')).toBeLessThanOrEqual(
      phoneWindow.width,
    )

    await devices.getByRole('link', { name: target.serial }).click()
    await page.getByRole('heading', { name: target.serial }).waitFor()
    const login = page.getByTestId('module-login')
    await login.getByTestId('failed-logins').waitFor()
    await login.getByRole('button', { name: en.operator.devices.replace_secret }).click()
    const dialog = page.getByRole('dialog', { name: en.operator.devices.replace_secret })
    await dialog.getByRole('button', { name: en.operator.devices.give_secret_confirm }).click()
    await page.getByText(en.operator.devices.secret_sent).waitFor()

    // The simulated module acknowledges over its connection; the page says so once reloaded.
    const id = Number(/devices\/(\d+)/.exec(page.url())![1])
    await page.waitForFunction(
      async (module) => {
        const answer = await fetch(`/api/admin/devices/${module}`)
        return ((await answer.json()) as { credentials?: { status: number } }).credentials?.status === 10
      },
      id,
      { polling: 250, timeout: 30_000 },
    )
    await page.reload()
    await waitForHash(page, `#/admin/adminus/devices/${id}`)
    await login.getByText(/^Moved onto a device secret on /).waitFor()
    expect(await screenshotAtBothWidths(page, 'operator-module-login')).toBeLessThanOrEqual(phoneWindow.width)

    // The simulator kept the new secret for its next run; the server takes it, and not the old one.
    await expect.poll(() => secretsNow()[target.serial], { timeout: 30_000, interval: 250 }).not.toBe(first)
    const second = secretsNow()[target.serial]!
    expect(await upload(second)).toBe(202)
    expect(await upload(first)).toBe(401)
  })
})
