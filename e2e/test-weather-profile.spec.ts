import { catalogues } from '@kropla/i18n'
import { afterAll, describe, expect, it } from 'vitest'
import { startStandInSmtp } from '../apps/server/src/test/stand-in-smtp'
import { desktop, screenshot } from './support/browser'
import { demoUser } from './support/demo'
import { useJourneyEnvironment } from './support/environment'
import { logInAsDemo, visit } from './support/journey'
import { fitsWindowOnceSettled } from './support/layout'

/**
 * Issue 16, items 4 and 5, on the simulated demo farm: the weather stations' check, then a test
 * e-mail through a stand-in SMTP server (on a real socket) that arrives, and a test SMS that
 * fails because the demo user's profile has no phone number; at 1280 px and 390 px.
 */
const en = catalogues.en
const smtp = await startStandInSmtp()
const env = useJourneyEnvironment({ env: { SMTP_URL: smtp.smtpUrl } })
afterAll(() => smtp.close())

describe('the test area: weather check and test messages', () => {
  it('checks the stations, sends a test e-mail that arrives and a test SMS that fails with its reason', async () => {
    const { page, pageErrors } = await env.visit()
    await logInAsDemo(page, env.stack.baseUrl)

    await visit(page, env.stack.baseUrl, '/test/weather')
    await page.getByRole('heading', { name: en.test_weather.title }).waitFor()
    // The demo's ENVIRO reads the air every second: its temperature is checked with unit and age.
    const summary = page.getByTestId('weather-check-summary')
    await summary.waitFor({ timeout: 60_000 })
    expect(await summary.textContent()).toMatch(/^\d+ OK · \d+ implausible · \d+ stuck · \d+ without data$/)
    const temperature = page
      .locator('[data-testid^="weather-check-"][data-testid$="-TEMP_1"]')
      .filter({ hasText: en.test_weather.quantity_air_temperature })
      .first()
    await temperature.waitFor()
    expect(await temperature.getByTestId('weather-check-value').textContent()).toMatch(/^-?\d+(\.\d+)? °C$/)
    expect(await temperature.getByTestId('weather-check-age').textContent()).toMatch(
      /^Measured \d+ (s|min) ago/,
    )
    expect(await temperature.getByTestId('weather-check-status').textContent()).toBe(
      en.test_weather.status_ok,
    )
    await screenshot(page, 'test-weather-1280')
    await page.setViewportSize({ width: 390, height: 844 })
    expect(await fitsWindowOnceSettled(page)).toBe(true)
    await screenshot(page, 'test-weather-390')

    await page.setViewportSize(desktop)
    await visit(page, env.stack.baseUrl, '/test/profile')
    await page.getByRole('heading', { name: en.test_profile.title }).waitFor()
    await page.getByTestId('profile-test-email-send').click()
    await page.getByTestId('profile-test-email-sent').waitFor({ timeout: 60_000 })
    // The mail really reached the SMTP server, to the demo user's address.
    await expect
      .poll(() => smtp.received.find((mail) => mail.to.includes(demoUser.email))?.data ?? '', {
        timeout: 30_000,
      })
      .toMatch(/^Subject: Kropla: test message$/m)

    await page.getByTestId('profile-test-sms-send').click()
    const sms = page.getByTestId('profile-test-sms-failed')
    await sms.waitFor({ timeout: 60_000 })
    expect(await sms.getByTestId('profile-test-reason').textContent()).toBe(en.test_profile.reason_no_phone)
    await screenshot(page, 'test-profile-1280')
    await page.setViewportSize({ width: 390, height: 844 })
    expect(await fitsWindowOnceSettled(page)).toBe(true)
    await sms.scrollIntoViewIfNeeded()
    await screenshot(page, 'test-profile-390')

    // Both recorded in the test area's history.
    await visit(page, env.stack.baseUrl, '/test')
    await page.getByText(en.test_area.kinds.email).first().waitFor({ timeout: 30_000 })
    await page.getByText(en.test_area.kinds.weather).first().waitFor()
    expect(pageErrors).toEqual([])
  })
})
