import { demoFarm } from '@kropla/domain'
import { catalogues } from '@kropla/i18n'
import { describe, expect, it } from 'vitest'
import { screenshotAtBothWidths } from './support/browser'
import { useJourneyEnvironment } from './support/environment'
import { logInAsDemo, visit } from './support/journey'

/**
 * Issue 15 item 10: the demo farm reads as a real farm in both languages. Whoever logs in sees
 * its modules and outputs named in their language, outputs named after what they drive; shown at
 * 1280 and 390 px (screenshots demo-<lang>-<screen>-<width>.png).
 */
const env = useJourneyEnvironment()
const pumpHouse = demoFarm.modules.find((module) => module.serial === 'DEMO-UNI-0001')!
const pump = pumpHouse.outputs!.find((output) => output.field === 'o1')!
const valveModule = demoFarm.modules.find((module) => module.model === 'AM-411')!
const valve = valveModule.outputs![0]!
const openField = demoFarm.sections[0]!
const phone = { width: 390, height: 844 }

const languages = [
  {
    lang: 'pl',
    locale: 'pl-PL',
    module: pumpHouse.name_pl,
    pump: pump.name_pl,
    valve: valve.name_pl,
    section: openField.name_pl,
    area: '3,8',
    flow: '6,5',
  },
  {
    lang: 'en',
    locale: 'en-US',
    module: pumpHouse.name,
    pump: pump.name,
    valve: valve.name,
    section: openField.name,
    area: '3.8',
    flow: '6.5',
  },
] as const

describe('the demo farm', () => {
  for (const language of languages) {
    it(`names its modules and outputs in ${language.lang}, each output after what it drives`, async () => {
      const { page, pageErrors } = await env.visit({ locale: language.locale })
      await logInAsDemo(page, env.stack.baseUrl)
      await page.getByTestId(`tile-${pumpHouse.serial}`).getByText(language.module, { exact: true }).waitFor()
      // The valve module's card names its outputs after what they drive, not "Output 1".
      await page
        .getByTestId(`tile-${valveModule.serial}`)
        .getByText(language.valve, { exact: true })
        .waitFor()
      expect(await screenshotAtBothWidths(page, `demo-${language.lang}-start`)).toBeLessThanOrEqual(
        phone.width,
      )

      await visit(page, env.stack.baseUrl, '/manual_control')
      await page.getByText(language.pump, { exact: true }).first().waitFor()
      await page.getByText(language.valve, { exact: true }).first().waitFor()
      expect(await screenshotAtBothWidths(page, `demo-${language.lang}-manual`)).toBeLessThanOrEqual(
        phone.width,
      )

      await visit(page, env.stack.baseUrl, '/resources/outputs')
      await page.getByTestId('outputs-table').getByText(language.valve, { exact: true }).waitFor()
      expect(
        await page
          .getByTestId('outputs-table')
          .getByText(/ o[1-4]$/)
          .count(),
      ).toBe(0)
      await screenshotAtBothWidths(page, `demo-${language.lang}-outputs`)

      // Decimals in the language's own way: the area reads 3,8 in Polish, and a point typed on the
      // keyboard becomes the language's separator (left unsaved).
      const words = catalogues[language.lang].resources
      await visit(page, env.stack.baseUrl, '/kropla_2/resources/sections')
      await page.getByRole('button', { name: words.edit_label.replace('{{name}}', language.section) }).click()
      const area = page.getByLabel(words.sections.area)
      await area.waitFor()
      expect(await area.inputValue()).toBe(language.area)
      const flow = page.getByLabel(words.sections.flow)
      await flow.fill('')
      await flow.pressSequentially('6.5')
      expect(await flow.inputValue()).toBe(language.flow)
      expect(pageErrors).toEqual([])
    })
  }
})
