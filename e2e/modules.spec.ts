import fs from 'node:fs'
import path from 'node:path'
import { catalogue, demoFarm, findInput, findModel } from '@kropla/domain'
import { catalogues } from '@kropla/i18n'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { screenshot } from './support/browser'
import { useJourneyEnvironment } from './support/environment'
import { waitForFieldError } from './support/forms'
import { logInAsDemo, visit } from './support/journey'

/**
 * Issue 4, "Checked by": adding one module of every model through the wizard in a real browser;
 * editing labels, units, thresholds and properties with values inside and outside their bounds
 * (the simulator acknowledges the new configuration); the simulator's values on the tiles.
 */

/** One manufactured, not yet activated module of every catalogue model, added by `kropla fleet import`. */
const en = catalogues.en

const fleet = [...catalogue.values()].map((model, index) => ({
  serial: `E2E-${model.code}-${String(index).padStart(2, '0')}`,
  pin: String(5000 + index),
  model: model.registeredAs ?? model.code,
  creationTitle: en.models[model.dictionaryKey as keyof typeof en.models].creation_title,
}))

const env = useJourneyEnvironment({
  prepare: async ({ dataDir, cli }) => {
    const csv = path.join(dataDir, 'fleet.csv')
    const rows = fleet.map((module) => `${module.serial},${module.pin},${module.model}`)
    fs.writeFileSync(csv, ['serial,pin,model', ...rows, ''].join('\n'))
    // New modules: the secrets made for them go to a file, as an operator would flash them.
    await cli(['fleet', 'import', csv, '--secrets-out', path.join(dataDir, 'fleet-secrets.csv')])
  },
})

async function openWizard(page: Page) {
  await page.getByRole('button', { name: en.modules.add }).click()
  await page.getByRole('dialog').waitFor()
}

describe('modules', () => {
  it('adds one module of every model through the wizard, each under its own creation title', async () => {
    expect(fleet).toHaveLength(14)
    const { page, pageErrors } = await env.visit()
    await logInAsDemo(page, env.stack.baseUrl)
    await visit(page, env.stack.baseUrl, '/kropla_2/modules')
    await page.getByTestId('modules-table').waitFor()

    for (const module of fleet) {
      await openWizard(page)
      const dialog = page.getByRole('dialog')
      await dialog.locator('input[name="serial"]').fill(module.serial)
      await dialog.locator('input[name="pin"]').fill(module.pin)
      await dialog.getByRole('button', { name: en.modules.next }).click()
      await dialog.getByTestId('creation-title').filter({ hasText: module.creationTitle }).waitFor()
      expect((await dialog.getByTestId('creation-title').textContent())?.trim()).toBe(module.creationTitle)

      if (module.model === 'AM-200') {
        // A property outside its catalogue bounds is refused before anything is sent.
        await dialog.locator('input[name="properties.freeze_temp_hr100"]').fill('101')
        await dialog.getByRole('button', { name: en.modules.add_submit }).click()
        await waitForFieldError(page, 'properties.freeze_temp_hr100', en.errors.too_big)
        await screenshot(page, 'modules-wizard-out-of-bounds')
        await dialog.locator('input[name="properties.freeze_temp_hr100"]').fill('-2.5')
      }
      await dialog.locator('input[name="name"]').fill(`Journey ${module.model}`)
      await dialog.getByRole('button', { name: en.modules.add_submit }).click()
      await dialog.getByTestId('add-module-done').waitFor()
      await dialog.getByRole('button', { name: en.modules.close }).click()
      await page.getByRole('dialog').waitFor({ state: 'detached' })
      await page.getByTestId(`module-${module.serial}`).waitFor()
    }
    await screenshot(page, 'modules-list-every-model')

    // Adding one of them again is refused with the spec's wording.
    await openWizard(page)
    const dialog = page.getByRole('dialog')
    await dialog.locator('input[name="serial"]').fill(fleet[0]!.serial)
    await dialog.locator('input[name="pin"]').fill(fleet[0]!.pin)
    await dialog.getByRole('button', { name: en.modules.next }).click()
    await dialog.getByTestId('add-module-error').filter({ hasText: en.errors.module_already_added }).waitFor()
    expect(pageErrors).toEqual([])
  })

  it('edits labels, units, thresholds and properties; the module acknowledges the new configuration', async () => {
    const sensor = demoFarm.modules.find((module) => module.model === 'AM-200')!
    const { page, pageErrors } = await env.visit()
    await logInAsDemo(page, env.stack.baseUrl)
    await visit(page, env.stack.baseUrl, '/kropla_2/modules')
    await page.getByTestId(`module-${sensor.serial}`).getByRole('link').first().click()
    await page.getByRole('heading', { name: sensor.name }).waitFor()

    // Outside the bounds: a 33-character label, 17-character units, a freezing temperature of 101 °C.
    await page.locator('input[name="config.inputs.TEMP_1.custom_label"]').fill('x'.repeat(33))
    await page.locator('input[name="config.inputs.TEMP_1.custom_units"]').fill('y'.repeat(17))
    await page.locator('input[name="properties.freeze_temp_hr100"]').fill('101')
    // A threshold below the sensor's -40 °C is never reached: refused, with the range said.
    await page.locator('input[name="config.alarms.TEMP_1_gt.value"]').fill('-50')
    await page.getByRole('button', { name: en.modules.save }).click()
    await waitForFieldError(page, 'config.inputs.TEMP_1.custom_label', en.errors.too_long)
    await waitForFieldError(page, 'config.inputs.TEMP_1.custom_units', en.errors.too_long)
    await waitForFieldError(page, 'properties.freeze_temp_hr100', en.errors.too_big)
    await waitForFieldError(
      page,
      'config.alarms.TEMP_1_gt.value',
      en.modules.threshold_range
        .replace('{{min}}', '-40')
        .replace('{{max}}', '70')
        .replace('{{unit}}', ' °C'),
    )
    await screenshot(page, 'module-page-out-of-bounds')

    // Inside: saved and sent to the module. The simulated module acknowledges within moments, often
    // before the save's answer is in, so the warning may never show; what must hold is that it is
    // gone and the server, asked afresh, no longer waits for an acknowledgement.
    const modulePage = new URL(page.url()).hash.slice(1)
    await page.locator('input[name="config.inputs.TEMP_1.custom_label"]').fill('Greenhouse air')
    await page.locator('input[name="config.inputs.TEMP_1.custom_units"]').fill('deg C')
    await page.locator('input[name="properties.freeze_temp_hr100"]').fill('-1.5')
    await page.locator('input[name="config.alarms.TEMP_1_gt.value"]').fill('-40')
    await page.locator('input[name="config.alarms.TEMP_1_gt.active"]').check({ force: true })
    await page.getByRole('button', { name: en.modules.save }).click()
    await page.getByText(en.modules.saved).waitFor()
    await page.getByTestId('reconfiguring').waitFor({ state: 'detached' })
    await screenshot(page, 'module-page-saved')
    await visit(page, env.stack.baseUrl, modulePage)
    await page.getByRole('heading', { name: sensor.name }).waitFor()
    expect(await page.locator('input[name="config.inputs.TEMP_1.custom_label"]').inputValue()).toBe(
      'Greenhouse air',
    )
    expect(await page.locator('input[name="properties.freeze_temp_hr100"]').inputValue()).toBe('-1.5')
    expect(await page.getByTestId('reconfiguring').count()).toBe(0)

    // The tile shows the user's label and units, and the reading flagged: above -40 °C it meets the threshold.
    await visit(page, env.stack.baseUrl, '/')
    const value = page.getByTestId(`value-${sensor.serial}-TEMP_1`)
    await value.filter({ hasText: /deg C$/ }).waitFor({ timeout: 30_000 })
    expect(await value.getAttribute('data-flagged')).toBe('true')
    expect(await page.getByTestId(`tile-${sensor.serial}`).textContent()).toContain('Greenhouse air')
    expect(pageErrors).toEqual([])
  })

  it('shows every model of the simulated farm with its values on the tiles', async () => {
    const { page, pageErrors } = await env.visit()
    await logInAsDemo(page, env.stack.baseUrl)
    const models = new Set(demoFarm.modules.map((module) => findModel(module.model)!.code))
    expect(models.size).toBe(catalogue.size)
    for (const module of demoFarm.modules) {
      const model = findModel(module.model)!
      // Battery and signal sit in the tile's status line; the readings list the other preview fields.
      const status = new Set(['battvol', 'BATTERY_1', 'sigstr', 'gsmstr'])
      const field = model.tilePreview.find((name) => !status.has(name))!
      const value = page.getByTestId(`value-${module.serial}-${field}`)
      if (findInput(model, field)?.kind === 'output') {
        // A relay says on/off, a valve shows its open or closed icon; N/A and Unknown mean no state yet.
        await page.waitForFunction(
          (testId) => {
            const element = document.querySelector(`[data-testid="${testId}"]`)
            // A valve's icon is decorative beside its word: its state is in data-state.
            const valve = element?.getAttribute('data-state')
            const shown = element?.textContent?.trim()
            return valve === 'open' || valve === 'closed' || shown === 'on' || shown === 'off'
          },
          `value-${module.serial}-${field}`,
          { timeout: 45_000, polling: 200 },
        )
      } else {
        await value.filter({ hasText: /\d/ }).waitFor({ timeout: 45_000 })
      }
    }
    await page.getByTestId(`tile-${demoFarm.modules[0]!.serial}`).scrollIntoViewIfNeeded()
    await screenshot(page, 'tiles-every-model')
    expect(pageErrors).toEqual([])
  })
})
