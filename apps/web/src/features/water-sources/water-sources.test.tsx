import { meOfType } from '@kropla/domain/testing'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
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

function openFarm(path: string, lang: 'en' | 'pl' = 'en') {
  const server = withResources(createFakeServer(meOfType(1), { isLoggedIn: true }))
  return { ...renderApp(path, { server, lang }), server }
}

describe('water sources', () => {
  it('refuses a water source without a clean-water output before asking the server', async () => {
    const { server } = openFarm('/kropla_2/resources/water_sources')
    fireEvent.click(await screen.findByRole('link', { name: 'Add a water source' }))
    await screen.findByLabelText('Efficiency')
    fireEvent.change(field('name'), { target: { value: 'Rain tank' } })
    fireEvent.change(screen.getByLabelText('Efficiency'), { target: { value: '4' } })
    const fertigated = screen.getByRole('group', { name: 'Fertigated-water outputs' })
    fireEvent.click(within(fertigated).getByRole('checkbox', { name: 'Valve south' }))
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('A water source needs at least one output.')).toBeTruthy()
    expect(server.callsTo('POST', '/api/water_sources')).toHaveLength(0)

    const clean = screen.getByRole('group', { name: 'Clean-water outputs' })
    fireEvent.click(within(clean).getByRole('checkbox', { name: 'Valve east' }))
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Created.')).toBeTruthy()
    expect(server.callsTo('POST', '/api/water_sources')[0]?.body).toEqual({
      name: 'Rain tank',
      description: '',
      efficiency: 4,
      clean_outputs: [13],
      fertigated_outputs: [12],
    })
    // Back on the list it came from, with the new row.
    expect(
      await within(await screen.findByTestId('water-sources-table')).findByText('Rain tank'),
    ).toBeTruthy()
  })

  it('lists what deleting a water source detaches it from, then deletes it', async () => {
    const { server } = openFarm('/resources/water_sources')
    await screen.findByTestId('water-sources-table')
    fireEvent.click(screen.getByRole('button', { name: 'Delete Main well' }))
    const detaches = await screen.findByTestId('delete-detaches')
    expect(within(detaches).getByText('Section: Tomatoes')).toBeTruthy()
    expect(within(detaches).getByText('Output: Valve north')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('Main well deleted.')).toBeTruthy()
    expect(server.callsTo('DELETE', '/api/water_sources/21')).toHaveLength(1)
    expect(await screen.findByText('No water sources yet.')).toBeTruthy()
  })
})

describe('deleting an output', () => {
  it('refuses while a water source uses the output, and sends no DELETE', async () => {
    const { server } = openFarm('/resources/outputs')
    await screen.findByTestId('outputs-table')
    fireEvent.click(screen.getByRole('button', { name: 'Delete Valve north' }))
    const refusal = await screen.findByTestId('delete-refused')
    expect(refusal.textContent).toContain('Valve north cannot be deleted while it is used by:')
    expect(within(refusal).getByText('Water source: Main well')).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Delete' }) as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByTestId('delete-refused')).toBeNull())
    expect(server.callsTo('DELETE', '/api/outputs/11')).toHaveLength(0)
  })

  it("shows the server's refusal when the output came into use after the check", async () => {
    const { server } = openFarm('/resources/outputs', 'pl')
    await screen.findByTestId('outputs-table')
    fireEvent.click(screen.getByRole('button', { name: 'Usuń: Valve south' }))
    await screen.findByTestId('delete-warning')
    server.resources.water_sources[0]!.fertigated_outputs.push(12)
    fireEvent.click(screen.getByRole('button', { name: 'Usuń' }))
    expect((await screen.findByTestId('delete-error')).textContent).toContain('Main well')
    expect(screen.getByTestId('outputs-table-row-12')).toBeTruthy()
  })
})
