import { meFixture, objectFixture } from '@kropla/domain/testing'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createFakeObjectsServer, objectDetailFixture } from '../../testing/fake-objects'
import { createFakeSocket, type FakeSocket } from '../../testing/fake-socket'
import { renderApp } from '../../testing/render-app'

let socket: FakeSocket
vi.mock('../../lib/socket', () => ({ createRealtimeSocket: () => socket }))

beforeEach(() => {
  socket = createFakeSocket()
})

/** APIs a test gives the browser (jsdom has none of them); taken away again after it. */
const added: [object, string][] = []
function give(target: object, name: string, value: unknown) {
  Object.defineProperty(target, name, { value, configurable: true, writable: true })
  added.push([target, name])
}
afterEach(() => {
  for (const [target, name] of added.splice(0)) delete (target as Record<string, unknown>)[name]
})

/** Where the phone stands: the farmyard, 52.229 N 21.012 E, to 5 m. */
const here = { latitude: 52.229, longitude: 21.012, accuracy: 5 }
function givePosition(coords = here) {
  const getCurrentPosition = vi.fn((success: PositionCallback) =>
    success({ coords, timestamp: Date.now() } as unknown as GeolocationPosition),
  )
  give(navigator, 'geolocation', { getCurrentPosition })
  return getCurrentPosition
}

// About 300 m north-east of the farmyard, and 110 m north of it.
const probe = objectDetailFixture({
  id: 5,
  name: 'North probe',
  serial: 'P-5',
  location: { lat: 52.231, lng: 21.015 },
  properties: { soil_type: 2, gps_loc: 1 },
  config: { inputs: { TEMP_1: { custom_label: 'Root zone' } }, alarms: {} },
})
const pump = objectDetailFixture({
  id: 6,
  name: 'Pump relay',
  serial: 'R-6',
  location: { lat: 52.23, lng: 21.012 },
})
const unplaced = objectDetailFixture({ id: 7, name: 'New probe', serial: 'N-7', location: null })

function open(path: string, lang: 'en' | 'pl' = 'en') {
  const objects = [probe, pump, unplaced]
  const me = meFixture({
    objects: objects.map(({ id, name, serial, location }) => objectFixture({ id, name, serial, location })),
  })
  const fake = createFakeObjectsServer({ objects, me })
  renderApp(path, { server: fake.server, lang })
  return fake
}

describe('/mobile/direction', () => {
  it('points the arrow from where you stand to the module, turned by the compass', async () => {
    givePosition()
    give(window, 'DeviceOrientationEvent', class {})
    open('/mobile/direction?module=5')
    expect(await screen.findByText(/Your position: 52\.229000°, 21\.012000° \(±5 m\)/)).toBeTruthy()
    expect(screen.getByTestId('direction-distance').textContent).toBe('302 m')
    expect(screen.getByTestId('direction-bearing').textContent).toBe('43° NE')
    // No compass yet: north up, the arrow at the bearing itself.
    expect(screen.getByTestId('direction-arrow').getAttribute('data-angle')).toBe('43')
    // The phone faces east (an absolute alpha of 270): the module is 47° to the left.
    const reading = Object.assign(new Event('deviceorientationabsolute'), { alpha: 270, absolute: true })
    fireEvent(window, reading)
    await waitFor(() => expect(screen.getByTestId('direction-arrow').getAttribute('data-angle')).toBe('313'))
    expect(screen.getByTestId('direction-heading').textContent).toBe('90° E')
  })

  it('says when no compass readings arrive, and keeps north at the top', async () => {
    givePosition()
    give(window, 'DeviceOrientationEvent', class {})
    open('/mobile/direction?module=6', 'pl')
    expect(await screen.findByText(/nie ma kompasu albo przeglądarka go nie udostępnia/)).toBeTruthy()
    await waitFor(() => expect(screen.getByTestId('direction-distance').textContent).toBe('111 m'))
    expect(screen.getByTestId('direction-bearing').textContent).toBe('0° płn.')
  })

  it('says plainly that a browser without geolocation cannot show the way', async () => {
    open('/mobile/direction')
    const notice = await screen.findByTestId('support-notice')
    expect(notice.textContent).toContain('Not available in this browser')
    expect(notice.textContent).toContain('This browser cannot tell your position (Geolocation API).')
    expect(screen.queryByTestId('direction-arrow')).toBeNull()
  })

  it('says so where the position is refused', async () => {
    give(navigator, 'geolocation', {
      getCurrentPosition: (_: PositionCallback, failure: PositionErrorCallback) =>
        failure({ code: 1, message: 'denied' } as GeolocationPositionError),
    })
    give(window, 'DeviceOrientationEvent', class {})
    open('/mobile/direction')
    expect(await screen.findByText(/Location access was refused/)).toBeTruthy()
  })
})

describe('/mobile/geolocation', () => {
  it('lists the distance and bearing to each module, nearest first', async () => {
    givePosition()
    open('/mobile/geolocation')
    const list = await screen.findByTestId('module-courses')
    await waitFor(() => expect(within(list).getByTestId('course-row-R-6').textContent).toContain('111 m'))
    const rows = within(list).getAllByTestId(/^course-row-/)
    expect(rows.map((row) => row.getAttribute('data-testid'))).toEqual([
      'course-row-R-6',
      'course-row-P-5',
      'course-row-N-7',
    ])
    expect(rows[1]!.textContent).toContain('302 m')
    expect(rows[1]!.textContent).toContain('43° NE')
    expect(rows[2]!.textContent).toContain('No location')
    expect(within(rows[1]!).getByRole('link', { name: 'Direction' }).getAttribute('href')).toBe(
      '/mobile/direction?module=5',
    )
  })

  it("saves where you stand as a module's location, leaving its settings as they were", async () => {
    givePosition()
    const fake = open('/mobile/geolocation')
    await screen.findByTestId('position-status')
    fireEvent.click((await screen.findAllByLabelText('Module to place'))[0]!)
    fireEvent.click(await screen.findByRole('option', { name: 'North probe', hidden: true }))
    const saveButton = screen.getByRole('button', { name: 'Save my position as its location' })
    await waitFor(() => expect(saveButton.hasAttribute('disabled')).toBe(false))
    fireEvent.click(saveButton)
    expect((await screen.findByTestId('set-location-confirm')).textContent).toBe(
      'Replace the location of North probe with 52.229000°, 21.012000°? (±5 m)',
    )
    fireEvent.click(screen.getByRole('button', { name: 'Save the location' }))
    expect(await screen.findByText('Location of North probe saved.')).toBeTruthy()
    const saved = fake.state.objects.find((object) => object.id === 5)!
    expect(saved.location).toEqual({ lat: 52.229, lng: 21.012 })
    // Same settings: no configuration goes to the module.
    expect(saved.config).toEqual(probe.config)
    expect(saved.config_pending).toBeNull()
  })

  it('says plainly that a browser without geolocation has no position', async () => {
    open('/mobile/geolocation', 'pl')
    const notice = await screen.findByTestId('support-notice')
    expect(notice.textContent).toContain('Niedostępne w tej przeglądarce')
    expect(screen.queryByTestId('module-courses')).toBeNull()
  })
})

describe('/mobile/maps', () => {
  it('shows the map, and says what this browser cannot do: keep tiles, follow without a position', async () => {
    open('/mobile/maps')
    expect(await screen.findByTestId('field-map')).toBeTruthy()
    expect((await screen.findByTestId('support-notice')).textContent).toContain(
      'Tiles cannot be kept for offline use: this browser has no Cache Storage.',
    )
    expect(screen.getByTestId('follow-me').hasAttribute('disabled')).toBe(true)
    expect(screen.getByTestId('follow-unavailable').textContent).toBe(
      'Follow me: This browser cannot tell your position (Geolocation API).',
    )
  })

  it('follows you from the first fix where there is a position', async () => {
    givePosition()
    open('/mobile/maps')
    const follow = await screen.findByTestId('follow-me')
    expect(follow.textContent).toBe('Following you')
    fireEvent.click(follow)
    expect(follow.textContent).toBe('Follow me')
    expect(screen.getByTestId('field-map').getAttribute('data-following')).toBe('false')
  })
})
