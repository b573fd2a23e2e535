import { meOfType } from '@kropla/domain/testing'
import { fireEvent, screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { withResources } from '../../testing/fake-resources'
import { createFakeServer } from '../../testing/fake-server'
import { createFakeSocket, type FakeSocket } from '../../testing/fake-socket'
import { field } from '../../testing/form-fields'
import { renderApp } from '../../testing/render-app'

let socket: FakeSocket
vi.mock('../../lib/socket', () => ({ createRealtimeSocket: () => socket }))

beforeEach(() => {
  socket = createFakeSocket()
})

function openFarm(path: string) {
  const server = withResources(createFakeServer(meOfType(1), { isLoggedIn: true }))
  return { ...renderApp(path, { server }), server }
}

const checkboxNames = (group: string) =>
  within(screen.getByRole('group', { name: group }))
    .getAllByRole('checkbox')
    .map((box) => box.closest('div[class*="Checkbox-root"]')?.textContent ?? '')

describe('groups', () => {
  it('offers only groupable modules, or outputs, and shows the element count', async () => {
    const { server } = openFarm('/resources/groups')
    const table = await screen.findByTestId('groups-table')
    expect(within(within(table).getByTestId('groups-table-row-31')).getByText('1')).toBeTruthy()
    fireEvent.click(screen.getByRole('link', { name: 'Add a group' }))
    await screen.findByLabelText('Elements')
    expect(checkboxNames('Elements of the group')).toEqual(['Pump house', 'Tomato probe'])
    fireEvent.change(screen.getByLabelText('Elements'), { target: { value: 'outputs' } })
    expect(checkboxNames('Elements of the group')).toEqual(['Valve north', 'Valve south', 'Valve east'])
    fireEvent.change(field('name'), { target: { value: 'All valves' } })
    fireEvent.click(screen.getByRole('checkbox', { name: 'Valve south' }))
    fireEvent.click(screen.getByRole('checkbox', { name: 'Valve east' }))
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Created.')).toBeTruthy()
    expect(server.callsTo('POST', '/api/groups')[0]?.body).toEqual({
      name: 'All valves',
      description: '',
      scope: 'outputs',
      elements: [12, 13],
    })
    const row = await screen.findByTestId('groups-table-row-100')
    expect(within(row).getByText('2')).toBeTruthy()
  })

  it('warns that deleting a group takes it out of the sections using it', async () => {
    const { server } = openFarm('/resources/groups')
    await screen.findByTestId('groups-table')
    fireEvent.click(screen.getByRole('button', { name: 'Delete North valves' }))
    expect(within(await screen.findByTestId('delete-detaches')).getByText('Section: Tomatoes')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('North valves deleted.')).toBeTruthy()
    expect(server.resources.sections[0]?.groups).toEqual([])
  })
})
