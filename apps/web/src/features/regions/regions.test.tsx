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

function openFarm(path: string, lang: 'en' | 'pl' = 'en') {
  const server = withResources(createFakeServer(meOfType(1), { isLoggedIn: true }))
  return { ...renderApp(path, { server, lang }), server }
}

const setPoint = (n: number, lat: string, lng: string) => {
  fireEvent.change(screen.getByLabelText(`Latitude of point ${n}`), { target: { value: lat } })
  fireEvent.change(screen.getByLabelText(`Longitude of point ${n}`), { target: { value: lng } })
}

describe('regions', () => {
  it('refuses a region of two points, and saves one of three with its modules', async () => {
    const { server } = openFarm('/kropla_2/settings/regions')
    fireEvent.click(await screen.findByRole('button', { name: 'Add a region' }))
    await screen.findByLabelText('Latitude of point 1')
    fireEvent.change(field('name'), { target: { value: 'North field' } })
    setPoint(1, '52.1', '20.1')
    setPoint(2, '52.2', '20.2')
    fireEvent.click(screen.getByRole('button', { name: 'Remove point 3' }))
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('A region needs at least three points.')).toBeTruthy()
    expect(server.callsTo('POST', '/api/regions')).toHaveLength(0)

    fireEvent.click(screen.getByRole('button', { name: 'Add a point' }))
    setPoint(3, '52.3', '20.05')
    const modules = screen.getByRole('group', { name: 'Modules in the region' })
    fireEvent.click(within(modules).getByRole('checkbox', { name: 'Tomato probe' }))
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Created.')).toBeTruthy()
    expect(server.callsTo('POST', '/api/regions')[0]?.body).toEqual({
      name: 'North field',
      description: '',
      points: [
        { lat: 52.1, lng: 20.1 },
        { lat: 52.2, lng: 20.2 },
        { lat: 52.3, lng: 20.05 },
      ],
      objects: [3],
    })
    const row = await screen.findByTestId('regions-table-row-100')
    expect(within(row).getByText('North field')).toBeTruthy()
  })

  it('shows the area in hectares and perimeter as points are typed, and refuses crossing edges', async () => {
    const { server } = openFarm('/kropla_2/settings/regions')
    fireEvent.click(await screen.findByRole('button', { name: 'Add a region' }))
    await screen.findByLabelText('Latitude of point 1')
    fireEvent.change(field('name'), { target: { value: 'Bow tie' } })
    // About 100 m by 100 m at 52 N: 1 ha, 400 m around.
    setPoint(1, '52', '21')
    setPoint(2, '52', '21.00146')
    setPoint(3, '52.0009', '21.00146')
    expect(screen.queryByTestId('region-measure')?.textContent).toMatch(/Area: 0\.50 ha · Perimeter: 34\d m/)
    fireEvent.click(screen.getByRole('button', { name: 'Add a point' }))
    setPoint(4, '52.0009', '21')
    expect(screen.getByTestId('region-measure').textContent).toMatch(/Area: 1\.00 ha · Perimeter: 40\d m/)
    // Corners 3 and 4 swapped: the edges cross.
    setPoint(3, '52.0009', '21')
    setPoint(4, '52.0009', '21.00146')
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('The edges of a region must not cross.')).toBeTruthy()
    expect(server.callsTo('POST', '/api/regions')).toHaveLength(0)
  })

  it('adds a geo object with a marker and a location, in Polish', async () => {
    const { server } = openFarm('/kropla_2/settings/geo_objects', 'pl')
    fireEvent.click(await screen.findByRole('button', { name: 'Dodaj obiekt na mapie' }))
    await screen.findByLabelText('Znacznik')
    fireEvent.change(field('name'), { target: { value: 'Studnia' } })
    fireEvent.change(screen.getByLabelText('Znacznik'), { target: { value: '3' } })
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz' }))
    expect(await screen.findAllByText('Pole wymagane')).toHaveLength(2)
    fireEvent.change(screen.getByLabelText('Szerokość geograficzna'), { target: { value: '52,25' } })
    fireEvent.change(screen.getByLabelText('Długość geograficzna'), { target: { value: '21' } })
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz' }))
    expect(await screen.findByText('Utworzono.')).toBeTruthy()
    expect(server.callsTo('POST', '/api/geo_objects')[0]?.body).toEqual({
      name: 'Studnia',
      description: '',
      marker: 3,
      location: { lat: 52.25, lng: 21 },
    })
  })
})
