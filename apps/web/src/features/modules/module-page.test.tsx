import { meFixture } from '@kropla/domain/testing'
import { translate } from '@kropla/i18n'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createFakeObjectsServer, objectDetailFixture } from '../../testing/fake-objects'
import { createFakeSocket, type FakeSocket } from '../../testing/fake-socket'
import { errorOf, field, type } from '../../testing/form-fields'
import { renderApp } from '../../testing/render-app'

let socket: FakeSocket
vi.mock('../../lib/socket', () => ({ createRealtimeSocket: () => socket }))

beforeEach(() => {
  socket = createFakeSocket()
})

const probe = objectDetailFixture({
  id: 5,
  name: 'North probe',
  serial: 'P-1',
  firmware: '2.4.1',
  properties: { soil_type: 2, gps_loc: 1 },
  config: { inputs: { TEMP_1: { custom_label: 'Root zone' } }, alarms: {} },
})

function openProbe(objects = [probe], lang: 'en' | 'pl' = 'en') {
  const fake = createFakeObjectsServer({ objects })
  renderApp(`/kropla_2/modules/${objects[0]?.id}`, { server: fake.server, lang })
  return fake
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))

describe('the module page', () => {
  it('shows the module details and its saved settings', async () => {
    openProbe()
    expect(await screen.findByRole('heading', { name: 'North probe' })).toBeTruthy()
    expect(screen.getByTestId('detail-firmware').textContent).toBe('2.4.1')
    expect(screen.getByTestId('detail-created').textContent).toBe('2026-01-01 00:00:00')
    expect((field('properties.soil_type') as unknown as HTMLSelectElement).value).toBe('2')
    expect(screen.getByLabelText<HTMLInputElement>('Custom label, Temperature 1').value).toBe('Root zone')
    // The location can be picked on the map (the localizer loads when pressed).
    expect(screen.getByRole('button', { name: 'Pick on the map' })).toBeTruthy()
  })

  it('refuses a custom label longer than 32 characters in the browser', async () => {
    const { callsTo } = openProbe()
    await screen.findByRole('heading', { name: 'North probe' })
    type('config.inputs.HUMIDITY_1.custom_label', 'x'.repeat(33))
    save()
    await waitFor(() => expect(errorOf('config.inputs.HUMIDITY_1.custom_label')).toBe('This is too long.'))
    expect(callsTo('PUT', '/api/objects/5')).toEqual([])

    type('config.inputs.HUMIDITY_1.custom_label', 'x'.repeat(32))
    type('config.inputs.HUMIDITY_1.custom_units', 'vol%')
    save()
    await waitFor(() => expect(callsTo('PUT', '/api/objects/5')).toHaveLength(1))
    expect(callsTo('PUT', '/api/objects/5')[0]?.body).toMatchObject({
      config: {
        inputs: {
          TEMP_1: { custom_label: 'Root zone' },
          HUMIDITY_1: { custom_label: 'x'.repeat(32), custom_units: 'vol%' },
        },
      },
    })
  })

  it('saves alarm thresholds under <field>_lt and <field>_gt with their active switch', async () => {
    const { callsTo, state } = openProbe()
    await screen.findByRole('heading', { name: 'North probe' })
    fireEvent.change(screen.getByLabelText('Lower than, Soil moisture 1 (%)'), { target: { value: '15' } })
    fireEvent.click(screen.getByLabelText('Active, Lower than, Soil moisture 1'))
    fireEvent.change(screen.getByLabelText('Higher than, Soil moisture 1 (%)'), { target: { value: '40' } })
    save()
    await waitFor(() => expect(callsTo('PUT', '/api/objects/5')).toHaveLength(1))
    expect(state.objects[0]?.config.alarms).toEqual({
      HUMIDITY_1_lt: { active: true, value: 15 },
      HUMIDITY_1_gt: { active: false, value: 40 },
    })
  })

  it("takes a threshold's decimals with the separator of the user's language, and saves a number", async () => {
    const { callsTo, state } = openProbe([probe], 'pl')
    await screen.findByRole('heading', { name: 'North probe' })
    const moisture = translate('pl', 'fields.HUMIDITY_1')
    const lower = screen.getByLabelText<HTMLInputElement>(
      `${translate('pl', 'modules.lower_than')}, ${moisture} (%)`,
    )
    fireEvent.change(lower, { target: { value: '1,5' } })
    expect(lower.value).toBe('1,5')
    // A point typed on a keyboard becomes the comma.
    const higher = screen.getByLabelText<HTMLInputElement>(
      `${translate('pl', 'modules.higher_than')}, ${moisture} (%)`,
    )
    fireEvent.change(higher, { target: { value: '2' } })
    fireEvent.change(higher, { target: { value: '2.' } })
    expect(higher.value).toBe('2,')
    fireEvent.change(higher, { target: { value: '2,5' } })
    fireEvent.click(screen.getByRole('button', { name: translate('pl', 'modules.save') }))
    await waitFor(() => expect(callsTo('PUT', '/api/objects/5')).toHaveLength(1))
    expect(state.objects[0]?.config.alarms).toEqual({
      HUMIDITY_1_lt: { active: false, value: 1.5 },
      HUMIDITY_1_gt: { active: false, value: 2.5 },
    })
  })

  it('keeps the decimal point for an English user', async () => {
    const { callsTo, state } = openProbe()
    await screen.findByRole('heading', { name: 'North probe' })
    const lower = screen.getByLabelText<HTMLInputElement>('Lower than, Soil moisture 1 (%)')
    fireEvent.change(lower, { target: { value: '1.5' } })
    expect(lower.value).toBe('1.5')
    // A number half typed stays in the input.
    const higher = screen.getByLabelText<HTMLInputElement>('Higher than, Soil moisture 1 (%)')
    fireEvent.change(higher, { target: { value: '2' } })
    fireEvent.change(higher, { target: { value: '2.' } })
    expect(higher.value).toBe('2.')
    fireEvent.change(higher, { target: { value: '2.5' } })
    save()
    await waitFor(() => expect(callsTo('PUT', '/api/objects/5')).toHaveLength(1))
    expect(state.objects[0]?.config.alarms).toEqual({
      HUMIDITY_1_lt: { active: false, value: 1.5 },
      HUMIDITY_1_gt: { active: false, value: 2.5 },
    })
  })

  it('asks for the value of an active threshold', async () => {
    const { callsTo } = openProbe()
    await screen.findByRole('heading', { name: 'North probe' })
    fireEvent.click(screen.getByLabelText('Active, Higher than, Temperature 2'))
    save()
    await waitFor(() => expect(errorOf('config.alarms.TEMP_2_gt.value')).toBe('Field required'))
    expect(callsTo('PUT', '/api/objects/5')).toEqual([])
  })

  it('warns while the module is reconfigured, until the module acknowledges', async () => {
    openProbe()
    await screen.findByRole('heading', { name: 'North probe' })
    expect(screen.queryByTestId('reconfiguring')).toBeNull()
    fireEvent.change(field('properties.soil_type'), { target: { value: '3' } })
    save()
    expect((await screen.findByTestId('reconfiguring')).textContent).toBe(
      'The module is being reconfigured. This can take up to several minutes.',
    )
    socket.serverEmits('objects_config', { id_object: 5, config_pending: null })
    await waitFor(() => expect(screen.queryByTestId('reconfiguring')).toBeNull())
  })

  it('after several minutes without an acknowledgement, says the module has not confirmed yet', async () => {
    const sentAt = new Date(Date.now() - 11 * 60_000).toISOString()
    openProbe([{ ...probe, config_pending: { id: 'cfg-old', sent_at: sentAt } }])
    await screen.findByRole('heading', { name: 'North probe' })
    expect(screen.queryByTestId('reconfiguring')).toBeNull()
    expect(screen.getByTestId('config-unconfirmed').textContent).toMatch(
      /^The module has not confirmed the settings sent at \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} yet\./,
    )
  })

  it('assigns the module to groups of modules only, under the model title', async () => {
    const { callsTo } = openProbe()
    fireEvent.click(await screen.findByRole('button', { name: 'Assign to groups' }))
    const dialog = await screen.findByRole('dialog', { name: 'Assign the soil probe to groups' })
    expect(within(dialog).queryByLabelText('Pumps')).toBeNull()
    fireEvent.click(await within(dialog).findByLabelText('Greenhouse A'))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.getByTestId('detail-groups').textContent).toBe('Greenhouse A'))
    expect(callsTo('PUT', '/api/objects/5/groups')[0]?.body).toEqual({ ids: [31] })
  })

  it('offers a relay module no group assignment and no input types', async () => {
    openProbe([objectDetailFixture({ id: 8, name: 'Relay', last_device_model: 'AM-401' })])
    await screen.findByRole('heading', { name: 'Relay' })
    expect(screen.queryByRole('button', { name: 'Assign to groups' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Assign to regions' })).toBeTruthy()
    expect(screen.queryByLabelText('Input type, Digital input 1')).toBeNull()
  })

  it('sends the AM-600 input type, multiplier and range', async () => {
    const { state } = openProbe([
      objectDetailFixture({ id: 9, name: 'Universal', last_device_model: 'AM-600' }),
    ])
    await screen.findByRole('heading', { name: 'Universal' })
    const select = screen.getByLabelText<HTMLSelectElement>('Input type, Analog input 1')
    expect([...select.options].map((option) => option.textContent)).toEqual([
      'None',
      'Current 4-20 mA',
      'Voltage 0-10 V',
      'PT1000',
    ])
    fireEvent.change(select, { target: { value: '1' } })
    fireEvent.change(screen.getByLabelText('Low value, Analog input 1'), { target: { value: '4' } })
    fireEvent.change(screen.getByLabelText('High value, Analog input 1'), { target: { value: '20' } })
    save()
    await waitFor(() =>
      expect(state.objects[0]?.config.inputs.ANALOG_USR_1).toEqual({
        input_type: 1,
        multiplier: 1,
        value_low: 4,
        value_high: 20,
      }),
    )
  })

  it('shows and takes every temperature in °F for a user who reads °F, and saves it in °C', async () => {
    const air = objectDetailFixture({
      id: 12,
      name: 'Greenhouse air',
      last_device_model: 'AM-200',
      properties: { freeze_temp_hr100: 0 },
      config: { inputs: {}, alarms: { TEMP_1_gt: { active: true, value: 30 } } },
    })
    const fake = createFakeObjectsServer({
      objects: [air],
      me: meFixture({ user: { temperature_unit: 'F' } }),
    })
    renderApp('/kropla_2/modules/12', { server: fake.server })
    await screen.findByRole('heading', { name: 'Greenhouse air' })
    // The saved 30 °C threshold reads 86 °F, with its unit in the input; no °C left on the form.
    const higher = screen.getByLabelText<HTMLInputElement>('Higher than, Temperature 1 (°F)')
    expect(higher.value).toBe('86')
    expect(screen.getByTestId('input-unit-TEMP_1').textContent).toBe('°F')
    const settings = screen.getByTestId('module-settings')
    expect(settings.textContent).not.toContain('°C')
    expect(within(settings).getAllByText('°F').length).toBeGreaterThan(2)
    // The 0 °C frost setting reads 32 °F.
    expect((field('properties.freeze_temp_hr100') as HTMLInputElement).value).toBe('32')
    expect(screen.getByLabelText('Freezing temperature at 100% humidity (°F)')).toBe(
      field('properties.freeze_temp_hr100'),
    )

    fireEvent.change(higher, { target: { value: '95' } })
    fireEvent.change(screen.getByLabelText('Lower than, Temperature 1 (°F)'), { target: { value: '41' } })
    save()
    await waitFor(() => expect(fake.callsTo('PUT', '/api/objects/12')).toHaveLength(1))
    expect(fake.state.objects[0]?.config.alarms).toMatchObject({
      TEMP_1_gt: { active: true, value: 35 },
      TEMP_1_lt: { active: false, value: 5 },
    })
    expect(fake.state.objects[0]?.properties.freeze_temp_hr100).toBe(0)
  })

  it('refuses a threshold beyond the reading’s range before sending, said in °F to a °F user', async () => {
    const air = objectDetailFixture({ id: 12, name: 'Greenhouse air', last_device_model: 'AM-200' })
    const fake = createFakeObjectsServer({
      objects: [air],
      me: meFixture({ user: { temperature_unit: 'F' } }),
    })
    renderApp('/kropla_2/modules/12', { server: fake.server })
    await screen.findByRole('heading', { name: 'Greenhouse air' })
    const higher = screen.getByLabelText<HTMLInputElement>('Higher than, Temperature 1 (°F)')
    // 170 °F is 76.7 °C, beyond the sensor's 70 °C (158 °F).
    fireEvent.change(higher, { target: { value: '170' } })
    save()
    expect(
      await screen.findByText('The reading ranges from -40 to 158 °F: a threshold outside is never reached.'),
    ).toBeTruthy()
    expect(fake.callsTo('PUT', '/api/objects/12')).toHaveLength(0)
    // The range's own bound is taken.
    fireEvent.change(higher, { target: { value: '158' } })
    save()
    await waitFor(() => expect(fake.callsTo('PUT', '/api/objects/12')).toHaveLength(1))
    expect(fake.state.objects[0]?.config.alarms.TEMP_1_gt?.value).toBe(70)
  })
})
