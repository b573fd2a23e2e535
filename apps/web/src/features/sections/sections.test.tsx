import { meOfType } from '@kropla/domain/testing'
import { fireEvent, screen, within } from '@testing-library/react'
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

describe('sections', () => {
  it('adds a section with its water source, group, soil type and plant', async () => {
    const server = withResources(createFakeServer(meOfType(1), { isLoggedIn: true }))
    renderApp('/kropla_2/resources/sections', { server })
    const table = await screen.findByTestId('sections-table')
    expect(within(table).getByText('Greenhouse')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Add a section' }))
    await screen.findByLabelText('Soil type')
    fireEvent.change(field('name'), { target: { value: 'Cucumbers' } })
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: '2' } })
    fireEvent.change(screen.getByLabelText('Area'), { target: { value: '-1' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('The value is too small.')).toBeTruthy()
    expect(errorOf('area')).toBe('The value is too small.')
    fireEvent.change(screen.getByLabelText('Area'), { target: { value: '0.25' } })
    fireEvent.change(screen.getByLabelText('Flow'), { target: { value: '2' } })
    fireEvent.change(screen.getByLabelText('Water source'), { target: { value: '21' } })
    expect(
      within(screen.getByLabelText('Soil type')).getByRole('option', { name: 'Heavy clays' }),
    ).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Soil type'), { target: { value: '1' } })
    fireEvent.change(screen.getByLabelText('Plant'), { target: { value: '5' } })
    fireEvent.click(screen.getByRole('checkbox', { name: 'North valves' }))
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Created.')).toBeTruthy()
    expect(server.callsTo('POST', '/api/sections')[0]?.body).toEqual({
      name: 'Cucumbers',
      type: 2,
      description: '',
      area: 0.25,
      flow: 2,
      id_water_source: 21,
      groups: [31],
      soil_type: 1,
      plant: 5,
    })
    expect(await within(screen.getByTestId('sections-table')).findByText('Cucumbers')).toBeTruthy()
  })
})
