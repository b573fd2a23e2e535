import { meFixture } from '@kropla/domain/testing'
import { translate } from '@kropla/i18n'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createFakeObjectsServer, objectDetailFixture } from '../../testing/fake-objects'
import { errorOf, field, type } from '../../testing/form-fields'
import { renderApp } from '../../testing/render-app'

const modulesPath = '/kropla_2/modules'

async function openWizard() {
  fireEvent.click(await screen.findByRole('button', { name: 'Add module' }))
  return screen.findByRole('dialog', { name: 'Add module' })
}

async function checkDevice(serial: string, pin = '1234') {
  type('serial', serial)
  type('pin', pin)
  fireEvent.click(screen.getByRole('button', { name: 'Next' }))
}

describe('the modules list', () => {
  it('lists the account modules with model, state and counts; a row opens the module page', async () => {
    const { server } = createFakeObjectsServer({
      objects: [
        objectDetailFixture({ id: 5, name: 'North probe', serial: 'P-1', groups: [31], regions: [41, 42] }),
        objectDetailFixture({
          id: 6,
          name: 'Air',
          serial: 'A-1',
          last_data_at: new Date(Date.now() - 60 * 60 * 1000).toISOString(),
          last_device_model: 'AM-200',
          connection: 0,
        }),
      ],
    })
    const { router } = renderApp(modulesPath, { server })
    const row = await screen.findByTestId('module-P-1')
    expect(within(row).getAllByText('Soil probe · AM-100-103').length).toBeGreaterThan(0)
    expect(within(row).getByText('2026-05-01 10:00:00')).toBeTruthy()
    expect(within(row).getByText('1 / 2')).toBeTruthy()
    expect(within(screen.getByTestId('module-A-1')).getByText('Disconnected')).toBeTruthy()
    // Its last data came an hour ago: more than the 15 minutes of the module data delay.
    expect(within(screen.getByTestId('module-A-1')).getByText('Not communicating')).toBeTruthy()
    fireEvent.click(screen.getByRole('link', { name: 'Open the module North probe' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/kropla_2/modules/5'))
  })
})

describe('adding a module', () => {
  it('checks the serial number and PIN, then asks for the settings of that model', async () => {
    const { server } = createFakeObjectsServer()
    renderApp(modulesPath, { server })
    await openWizard()
    await checkDevice('AIR-0002')
    expect(
      await screen.findByRole('heading', { name: 'Configure your temperature and humidity sensor' }),
    ).toBeTruthy()
    expect(screen.getByLabelText('Freezing temperature at 100% humidity (°C)')).toBeTruthy()
    expect(screen.getByTestId('model-image').getAttribute('src')).toBe('/models/AM-200.svg')
  })

  it('shows a soil probe its own title and soil type choices', async () => {
    const { server } = createFakeObjectsServer()
    renderApp(modulesPath, { server })
    await openWizard()
    await checkDevice('SOIL-0001')
    expect(await screen.findByRole('heading', { name: 'Configure your soil probe' })).toBeTruthy()
    const soil = field('properties.soil_type') as unknown as HTMLSelectElement
    expect([...soil.options].map((option) => option.textContent)).toContain('Heavy soil')
  })

  it('refuses a property out of its bounds in the browser and sends nothing', async () => {
    const { server, callsTo } = createFakeObjectsServer()
    renderApp(modulesPath, { server })
    await openWizard()
    await checkDevice('AIR-0002')
    await screen.findByRole('heading', { name: 'Configure your temperature and humidity sensor' })
    type('name', 'Greenhouse air')
    type('properties.freeze_temp_hr100', '150')
    fireEvent.click(screen.getByRole('button', { name: 'Add the module' }))
    await waitFor(() => expect(errorOf('properties.freeze_temp_hr100')).toBe('The value is too big.'))
    expect(callsTo('POST', '/api/objects')).toEqual([])

    type('properties.freeze_temp_hr100', '-2')
    fireEvent.click(screen.getByRole('button', { name: 'Add the module' }))
    expect(await screen.findByTestId('add-module-done')).toBeTruthy()
    expect(callsTo('POST', '/api/objects')[0]?.body).toMatchObject({
      serial: 'AIR-0002',
      name: 'Greenhouse air',
      marker: 0,
      location: null,
      properties: { freeze_temp_hr100: -2, freeze_temp_hr0: null },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    expect(await screen.findByTestId('module-AIR-0002')).toBeTruthy()
  })

  it('asks a user who reads °F for temperature settings in °F and sends them in °C', async () => {
    const { server, callsTo } = createFakeObjectsServer({
      me: meFixture({ user: { temperature_unit: 'F' } }),
    })
    renderApp(modulesPath, { server })
    await openWizard()
    await checkDevice('AIR-0002')
    expect(await screen.findByLabelText('Freezing temperature at 100% humidity (°F)')).toBe(
      field('properties.freeze_temp_hr100'),
    )
    type('name', 'Greenhouse air')
    type('properties.freeze_temp_hr100', '28.4')
    fireEvent.click(screen.getByRole('button', { name: 'Add the module' }))
    expect(await screen.findByTestId('add-module-done')).toBeTruthy()
    expect(callsTo('POST', '/api/objects')[0]?.body).toMatchObject({
      properties: { freeze_temp_hr100: -2, freeze_temp_hr0: null },
    })
  })

  it('shows the server refusal in the user language', async () => {
    const { server } = createFakeObjectsServer()
    renderApp(modulesPath, { server })
    await openWizard()
    await checkDevice('HERE-0001')
    expect((await screen.findByTestId('add-module-error')).textContent).toBe(
      'Module with serial numer provided is already added to the account.',
    )
    await checkDevice('ELSE-0001')
    await waitFor(() =>
      expect(screen.getByTestId('add-module-error').textContent).toBe(
        'Module with provided serial number is already activated.',
      ),
    )
    await checkDevice('SOIL-0001', '9999')
    await waitFor(() =>
      expect(screen.getByTestId('add-module-error').textContent).toBe(
        'Check the serial number and PIN code.',
      ),
    )
  })

  it('says when adding failed on the server', async () => {
    const { server } = createFakeObjectsServer()
    server.state.failures.set('POST /api/objects', { status: 500, code: 'module_add_failed' })
    renderApp(modulesPath, { server, lang: 'pl' })
    fireEvent.click(await screen.findByRole('button', { name: 'Dodaj moduł' }))
    const dialog = await screen.findByRole('dialog', { name: 'Dodaj moduł' })
    type('serial', 'SOIL-0001')
    type('pin', '1234')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Dalej' }))
    await screen.findByTestId('creation-title')
    type('name', 'Sonda')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Dodaj moduł' }))
    expect((await screen.findByTestId('add-module-error')).textContent).toBe(
      translate('pl', 'errors.module_add_failed'),
    )
  })
})
