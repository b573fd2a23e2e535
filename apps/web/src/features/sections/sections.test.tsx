import { meOfType } from '@kropla/domain/testing'
import { translate } from '@kropla/i18n'
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

  it("shows and takes a section's decimals with the separator of the user's language", async () => {
    const server = withResources(createFakeServer(meOfType(1), { isLoggedIn: true }))
    renderApp('/kropla_2/resources/sections', { server, lang: 'pl' })
    await screen.findByTestId('sections-table')
    fireEvent.click(
      screen.getByRole('button', { name: translate('pl', 'resources.edit_label', { name: 'Tomatoes' }) }),
    )
    const area = await screen.findByLabelText<HTMLInputElement>(translate('pl', 'resources.sections.area'))
    expect(area.value).toBe('0,5')
    const flow = screen.getByLabelText<HTMLInputElement>(translate('pl', 'resources.sections.flow'))
    fireEvent.change(flow, { target: { value: '1,5' } })
    expect(flow.value).toBe('1,5')
    fireEvent.click(screen.getByRole('button', { name: translate('pl', 'resources.save') }))
    await waitFor(() => expect(server.callsTo('PUT', '/api/sections/41')).toHaveLength(1))
    expect(server.callsTo('PUT', '/api/sections/41')[0]?.body).toMatchObject({ area: 0.5, flow: 1.5 })
  })

  it('keeps the decimal point for an English user', async () => {
    const server = withResources(createFakeServer(meOfType(1), { isLoggedIn: true }))
    renderApp('/kropla_2/resources/sections', { server })
    await screen.findByTestId('sections-table')
    fireEvent.click(screen.getByRole('button', { name: 'Edit Tomatoes' }))
    const flow = await screen.findByLabelText<HTMLInputElement>('Flow')
    expect(screen.getByLabelText<HTMLInputElement>('Area').value).toBe('0.5')
    fireEvent.change(flow, { target: { value: '1.5' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(server.callsTo('PUT', '/api/sections/41')).toHaveLength(1))
    expect(server.callsTo('PUT', '/api/sections/41')[0]?.body).toMatchObject({ area: 0.5, flow: 1.5 })
  })
})
