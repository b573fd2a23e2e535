import { demoFarm } from '@kropla/domain'
import { catalogues } from '@kropla/i18n'
import { describe, expect, it } from 'vitest'
import { screenshot } from './support/browser'
import { demoOutput } from './support/demo'
import { useJourneyEnvironment } from './support/environment'
import { waitForFieldError } from './support/forms'
import { logInAsDemo, visit } from './support/journey'

/**
 * Issue 4, "Checked by": removing a resource that a water source uses; and the equipment form
 * built from the catalogue (an AM-600 counter input as a flowmeter), spec 01 sections 3 and 5.
 */
const en = catalogues.en
const env = useJourneyEnvironment({ simulator: false })

const valves = demoFarm.modules.find((module) => module.model === 'AM-411')!
const pumpHouse = demoFarm.modules.find((module) => module.model === 'AM-600')!
/** The demo names each output after what it drives. */
const firstValve = demoOutput(valves.model, 'o1')

describe('resources', () => {
  it('refuses to remove an output a water source uses, until the water source lets it go', async () => {
    const { page, pageErrors } = await env.visit()
    await logInAsDemo(page, env.stack.baseUrl)

    await visit(page, env.stack.baseUrl, '/resources/water_sources')
    await page.getByRole('link', { name: en.resources.water_sources.add }).click()
    await page.getByLabel(en.resources.name).fill('Main well')
    await page.getByLabel(en.resources.water_sources.efficiency).fill('12.5')
    // Without a clean-water output the browser refuses, with the wording of the catalogue.
    await page.getByRole('button', { name: en.resources.save }).click()
    await page.getByText(en.errors.water_source_needs_output).waitFor()
    await page
      .getByRole('group', { name: en.resources.water_sources.clean_outputs })
      .getByLabel(firstValve)
      .check()
    await page.getByRole('button', { name: en.resources.save }).click()
    await page.getByText(en.resources.created).waitFor()
    await visit(page, env.stack.baseUrl, '/resources/water_sources')
    await page.getByTestId('water-sources-table').getByText('Main well').waitFor()

    await visit(page, env.stack.baseUrl, '/resources/outputs')
    await page.getByRole('button', { name: `Delete ${firstValve}` }).click()
    const refusal = page.getByTestId('delete-refused')
    await refusal.waitFor()
    expect(await refusal.textContent()).toContain('Main well')
    expect(
      await page.getByRole('button', { name: en.resources.delete_submit, exact: true }).isDisabled(),
    ).toBe(true)
    await screenshot(page, 'resources-output-in-use')
    await page.getByRole('button', { name: en.resources.close }).click()

    // Once the water source is gone (it only warns), the output can be removed.
    await visit(page, env.stack.baseUrl, '/resources/water_sources')
    await page.getByRole('button', { name: 'Delete Main well' }).click()
    await page.getByRole('button', { name: en.resources.delete_submit, exact: true }).click()
    await page.getByText('Main well deleted.').waitFor()
    await visit(page, env.stack.baseUrl, '/resources/outputs')
    await page.getByRole('button', { name: `Delete ${firstValve}` }).click()
    await page.getByRole('button', { name: en.resources.delete_submit, exact: true }).click()
    await page.getByText(`${firstValve} deleted.`).waitFor()
    // The list refreshes after the notification: the row goes, its neighbour stays.
    await page
      .getByTestId('outputs-table')
      .getByText(firstValve, { exact: true })
      .waitFor({ state: 'detached' })
    expect(await page.getByTestId('outputs-table').getByText(demoOutput(valves.model, 'o2')).count()).toBe(1)
    expect(pageErrors).toEqual([])
  })

  it('wires a flowmeter to a counter input of the universal module, its settings from the catalogue', async () => {
    const { page, pageErrors } = await env.visit()
    await logInAsDemo(page, env.stack.baseUrl)
    await visit(page, env.stack.baseUrl, '/resources/devices')
    await page.getByRole('link', { name: en.resources.devices.add }).click()
    await page.getByLabel(en.resources.name).fill('Main line meter')
    await page.getByLabel(en.resources.equipment.module).selectOption({ label: pumpHouse.name })
    await page.getByLabel(en.resources.equipment.interface).selectOption('DI_USR_3')
    await page.getByLabel(en.resources.equipment.kind).selectOption('counter_input')
    await page.locator('select[name="type"]').selectOption('flowmeter')
    await page.locator('[name="properties.flow_units"]').waitFor()
    await page.locator('input[name="properties.multiplier"]').fill('')
    await page.getByRole('button', { name: en.resources.save }).click()
    await waitForFieldError(page, 'properties.multiplier', en.errors.field_required)
    await page.locator('input[name="properties.multiplier"]').fill('0.01')
    await page.getByRole('button', { name: en.resources.save }).click()
    await page.getByText(en.resources.created).waitFor()
    await screenshot(page, 'resources-flowmeter')
    await visit(page, env.stack.baseUrl, '/resources/devices')
    await page.getByTestId('devices-table').getByText('Main line meter').waitFor()
    expect(pageErrors).toEqual([])
  })
})
