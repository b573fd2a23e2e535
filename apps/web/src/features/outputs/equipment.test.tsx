import { meOfType } from '@kropla/domain/testing'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { withResources } from '../../testing/fake-resources'
import { createFakeServer } from '../../testing/fake-server'
import { createFakeSocket, type FakeSocket } from '../../testing/fake-socket'
import { errorOf, field } from '../../testing/form-fields'
import { renderApp } from '../../testing/render-app'

let socket: FakeSocket
vi.mock('../../lib/socket', () => ({ createRealtimeSocket: () => socket }))

beforeEach(() => {
  socket = createFakeSocket()
})

function openFarm(path: string, lang: 'en' | 'pl' = 'en') {
  const server = withResources(createFakeServer(meOfType(1), { isLoggedIn: true }))
  return { ...renderApp(path, { server, lang }), server }
}

const optionsOf = (label: string) =>
  within(screen.getByLabelText(label))
    .getAllByRole('option')
    .map((option) => option.textContent)

const choose = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } })

describe('the equipment form', () => {
  it('offers only the kinds and types the interface allows and shows the sub-type settings', async () => {
    const { server, router } = openFarm('/resources/devices')
    fireEvent.click(await screen.findByRole('link', { name: 'Add a device' }))
    await screen.findByRole('heading', { name: 'New device' })
    await screen.findByLabelText('Control module')
    // Only modules with terminals: the soil probe has none.
    expect(optionsOf('Control module')).toEqual(['Choose…', 'Field valves', 'Pump house'])
    choose('Control module', '2')
    // DI_USR_3 already has the rain gauge.
    expect(optionsOf('Interface')).not.toContain('Digital input 3')
    choose('Interface', 'DI_USR_4')
    expect(optionsOf('Kind')).toEqual(['Binary input', 'Counter input'])
    choose('Kind', 'counter_input')
    expect(optionsOf('Type')).toEqual([
      'Counter',
      'Rain gauge',
      'Anemometer, wind speed (pulses)',
      'Flow meter',
    ])
    choose('Type', 'flowmeter')
    expect(optionsOf('Flow units')).toEqual(['l', 'm³'])
    expect((screen.getByLabelText('Multiplier') as HTMLInputElement).value).toBe('1')
    expect(screen.queryByLabelText('Units')).toBeNull()

    fireEvent.change(field('name'), { target: { value: 'Irrigation meter' } })
    choose('Flow units', '1')
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Created.')).toBeTruthy()
    expect(server.callsTo('POST', '/api/outputs')[0]?.body).toMatchObject({
      name: 'Irrigation meter',
      id_object: 2,
      field_name: 'DI_USR_4',
      kind: 'counter_input',
      type: 'flowmeter',
      properties: { flow_units: 1, multiplier: 1, counter_type: 0 },
      id_water_source: null,
    })
    await waitFor(() => expect(router.state.location.pathname).toBe('/resources/devices'))
    expect(
      await within(await screen.findByTestId('devices-table')).findByText('Irrigation meter'),
    ).toBeTruthy()
  })

  it('offers an output terminal only the output kind and the output types the model allows', async () => {
    openFarm('/resources/outputs/new')
    await screen.findByRole('heading', { name: 'New device' })
    await screen.findByLabelText('Control module')
    choose('Control module', '2')
    choose('Interface', 'o1')
    expect(optionsOf('Kind')).toEqual(['Output'])
    // The universal module has no irrigation outputs (spec 02 section 3.4).
    expect(optionsOf('Type')).not.toContain('Irrigation')
    expect(optionsOf('Type')).toContain('Pump')
    choose('Type', 'pump')
    expect(screen.getByLabelText('Flow')).toBeTruthy()
    expect(screen.queryByLabelText('Area')).toBeNull()
  })

  it('edits an output and checks its properties with the catalogue bounds', async () => {
    const { server } = openFarm('/resources/outputs')
    const table = await screen.findByTestId('outputs-table')
    expect(within(table).getByText('Main well')).toBeTruthy()
    expect(within(table).queryByText('Rain gauge')).toBeNull()
    fireEvent.click(screen.getByRole('link', { name: 'Edit Valve south' }))
    await screen.findByRole('heading', { name: 'Edit Valve south' })
    await screen.findByLabelText('Interface')
    expect(optionsOf('Interface')).toEqual(['Output 2', 'Output 4'])
    fireEvent.change(screen.getByLabelText('Flow'), { target: { value: '-2' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(errorOf('properties.flow')).toBe('The value is too small.'))
    expect(server.callsTo('PUT', '/api/outputs/12')).toHaveLength(0)
    fireEvent.change(screen.getByLabelText('Flow'), { target: { value: '4.5' } })
    choose('Water source', '21')
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Changes saved.')).toBeTruthy()
    expect(server.callsTo('PUT', '/api/outputs/12')[0]?.body).toMatchObject({
      properties: { flow: 4.5, area: 0 },
      id_water_source: 21,
    })
  })

  it('says at the interface that another device took the terminal meanwhile', async () => {
    const { server } = openFarm('/resources/outputs/new', 'pl')
    await screen.findByRole('heading', { name: 'Nowe urządzenie' })
    await screen.findByLabelText('Moduł sterujący')
    fireEvent.change(field('name'), { target: { value: 'Czujnik drzwi' } })
    choose('Moduł sterujący', '2')
    choose('Interfejs', 'DI_USR_1')
    server.resources.outputs.push({
      ...server.resources.outputs[3]!,
      id: 99,
      field_name: 'DI_USR_1',
      kind: 'binary_input',
      type: 'generic_bi',
    })
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz' }))
    await waitFor(() => expect(errorOf('field_name')).toBe('Do tego zacisku jest już coś podłączone.'))
  })
})
