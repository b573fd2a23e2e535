import { catalogues } from '@kropla/i18n'
import { describe, expect, it } from 'vitest'
import { screenshot } from './support/browser'
import { useJourneyEnvironment } from './support/environment'
import { logInAsDemo, textOf, visit } from './support/journey'

/**
 * Issue 13, item 6: the farm's weather from its own stations. The demo farm's AM-200 and its
 * weather mast (an AM-600 with a rain gauge and an anemometer) are chosen in /settings/weather and
 * the panel shows what the simulator measures.
 */
const en = catalogues.en
const env = useJourneyEnvironment()

describe('weather', () => {
  it('chooses the stations in the settings and shows their weather, with units, at desktop and phone widths', async () => {
    const { page, pageErrors } = await env.visit()
    await logInAsDemo(page, env.stack.baseUrl)
    await visit(page, env.stack.baseUrl, '/settings/weather')

    const choose = async (label: string, option: RegExp | string) => {
      await page.getByRole('combobox', { name: label }).click()
      await page.getByRole('option', { name: option }).click()
      await page.getByRole('listbox').waitFor({ state: 'hidden' })
    }
    const save = async () => {
      await page.getByRole('button', { name: en.settings.save, exact: true }).click()
      await page.getByText(en.settings.saved).last().waitFor()
    }

    // The demo account comes with its stations chosen; start from none to choose them by hand.
    await choose(en.weather.air_station, en.weather.none)
    await choose(en.weather.rain_gauge, en.weather.none)
    await choose(en.weather.anemometer, en.weather.none)
    await save()
    await page.getByText(en.weather.not_chosen).waitFor()

    await choose(en.weather.air_station, 'Greenhouse air')
    await choose(en.weather.rain_gauge, /^Rain gauge – Weather mast/)
    await choose(en.weather.anemometer, /^Anemometer – Weather mast/)
    await save()

    // The simulator sends a reading a second: air at once, wind once two counts came in.
    await page.getByTestId('weather-temperature').filter({ hasText: /°C$/ }).waitFor()
    await page
      .getByTestId('weather-wind')
      .filter({ hasText: /\d m\/s$/ })
      .waitFor()
    expect(await textOf(page, 'weather-temperature')).toMatch(/^-?\d{1,2}\.\d °C$/)
    expect(await textOf(page, 'weather-humidity')).toMatch(/^\d{1,3} %$/)
    expect(await textOf(page, 'weather-min')).toMatch(/^-?\d{1,2}\.\d °C$/)
    expect(await textOf(page, 'weather-max')).toMatch(/^-?\d{1,2}\.\d °C$/)
    expect(await textOf(page, 'weather-rain-today')).toMatch(/^\d+\.\d mm$/)
    expect(await textOf(page, 'weather-rain-days')).toMatch(/^\d+\.\d mm$/)
    expect(await textOf(page, 'weather-wind')).toMatch(/^\d{1,2}\.\d m\/s$/)
    expect(await textOf(page, 'weather-wind-max')).toMatch(/^\d{1,2}\.\d m\/s$/)
    expect(await textOf(page, 'weather-zone')).toContain('Europe/Warsaw')
    await page.getByTestId('weather-zone').scrollIntoViewIfNeeded()
    await screenshot(page, 'weather-settings-1280')

    // After a reload the choice is still there.
    await page.reload()
    await page.getByTestId('weather-temperature').filter({ hasText: /°C$/ }).waitFor()
    expect(await page.getByRole('combobox', { name: en.weather.air_station }).inputValue()).toBe(
      'Greenhouse air',
    )

    await page.setViewportSize({ width: 390, height: 844 })
    await page.getByTestId('weather-panel').scrollIntoViewIfNeeded()
    const width = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(width).toBeLessThanOrEqual(390)
    await screenshot(page, 'weather-settings-390')
    expect(pageErrors).toEqual([])
  })
})
