import { meOfType } from '@kropla/domain/testing'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createFakeServer } from '../../testing/fake-server'
import { errorOf, type } from '../../testing/form-fields'
import { renderApp } from '../../testing/render-app'

vi.mock('../../lib/socket', async () => {
  const { createFakeSocket } = await import('../../testing/fake-socket')
  return { createRealtimeSocket: () => createFakeSocket() }
})

afterEach(() => {
  Reflect.deleteProperty(navigator, 'geolocation')
})

async function openClientAccount(options: { lang?: 'en' | 'pl'; geocoder?: boolean } = {}) {
  const server = createFakeServer(meOfType(1), { isLoggedIn: true })
  if (options.geocoder)
    server.state.geocoder = (query) =>
      query.startsWith('Polna')
        ? [
            { name: 'Polna 1, Grójec, Polska', lat: 51.8655, lng: 20.8672 },
            { name: 'Polna 1, Belsk Duży, Polska', lat: 51.8349, lng: 20.8037 },
          ]
        : []
  renderApp('/settings/profile/client', { server, lang: options.lang ?? 'en' })
  await screen.findByTestId('farm-place')
  return server
}

const save = (label = 'Save') => fireEvent.click(screen.getByRole('button', { name: label }))

describe("the farm's place in the client account", () => {
  it('takes coordinates typed with the language’s decimal comma and saves them with the address', async () => {
    const server = await openClientAccount({ lang: 'pl' })
    expect(await screen.findByTestId('geocoder-off')).toHaveProperty(
      'textContent',
      'Wyszukiwanie adresów nie jest skonfigurowane na tym serwerze: adres zostanie zapisany tak, jak go wpisano. Punkt ustaw współrzędnymi, swoją pozycją albo na mapie.',
    )
    expect(screen.queryByTestId('farm-find-address')).toBeNull()
    type('farm_place.address', 'Sadowa 5, Belsk Duży')
    type('farm_place.location.lat', '51,8349')
    type('farm_place.location.lng', '20,8037')
    expect(screen.getByTestId('farm-point').textContent).toBe('Szerokość 51,83490°, długość 20,80370°')
    save('Zapisz')
    await waitFor(() => expect(server.callsTo('PUT', '/api/client')).toHaveLength(1))
    expect(server.callsTo('PUT', '/api/client')[0]?.body).toMatchObject({
      farm_place: { address: 'Sadowa 5, Belsk Duży', location: { lat: 51.8349, lng: 20.8037 } },
    })
  })

  it('says at the field when a coordinate is off the globe or missing, and saves nothing', async () => {
    const server = await openClientAccount()
    type('farm_place.location.lat', '95')
    type('farm_place.location.lng', '-200')
    save()
    await waitFor(() => expect(errorOf('farm_place.location.lat')).toBe('Latitude is between −90° and 90°.'))
    expect(errorOf('farm_place.location.lng')).toBe('Longitude is between −180° and 180°.')
    type('farm_place.location.lng', '')
    save()
    await waitFor(() => expect(errorOf('farm_place.location.lng')).toBe('Field required'))
    expect(server.callsTo('PUT', '/api/client')).toHaveLength(0)
  })

  it('finds the address with the server’s geocoder and takes the chosen place’s point', async () => {
    const server = await openClientAccount({ geocoder: true })
    type('farm_place.address', 'Polna 1')
    fireEvent.click(await screen.findByTestId('farm-find-address'))
    const places = await screen.findByTestId('farm-found-places')
    fireEvent.click(within(places).getByLabelText('Polna 1, Belsk Duży, Polska'))
    expect(screen.getByTestId('farm-point').textContent).toBe(
      'Latitude 51.83490°, longitude 20.80370° · Point taken from: Polna 1, Belsk Duży, Polska',
    )
    type('farm_place.address', 'Atlantyda')
    fireEvent.click(screen.getByTestId('farm-find-address'))
    expect(
      await screen.findByText('No place found for this address. Check it, or set the point on the map.'),
    ).toBeTruthy()
    save()
    await waitFor(() => expect(server.callsTo('PUT', '/api/client')).toHaveLength(1))
    expect(server.callsTo('PUT', '/api/client')[0]?.body).toMatchObject({
      farm_place: { address: 'Atlantyda', location: { lat: 51.8349, lng: 20.8037 } },
    })
  })

  it('takes the phone’s position, and says plainly when it is refused', async () => {
    let refuse = false
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition: (ok: PositionCallback, fail: PositionErrorCallback) =>
          refuse
            ? fail({ code: 1, message: 'denied' } as GeolocationPositionError)
            : ok({
                coords: { latitude: 50.06143, longitude: 19.93658, accuracy: 12 },
              } as GeolocationPosition),
      },
    })
    await openClientAccount()
    fireEvent.click(screen.getByTestId('farm-use-position'))
    await waitFor(() =>
      expect(screen.getByTestId('farm-point').textContent).toBe(
        'Latitude 50.06143°, longitude 19.93658° · Point taken from your position (±12 m).',
      ),
    )
    refuse = true
    fireEvent.click(screen.getByTestId('farm-use-position'))
    expect((await screen.findByTestId('farm-position-denied')).textContent).toBe(
      'Location access was refused in this browser.',
    )
  })

  it('says so when the browser has no position at all, or gives it only over https', async () => {
    await openClientAccount()
    expect(screen.queryByTestId('farm-use-position')).toBeNull()
    expect(screen.getByTestId('farm-position-off').textContent).toBe(
      'The position is not available on this device.',
    )
    cleanup()
    Object.defineProperty(navigator, 'geolocation', { configurable: true, value: {} })
    Object.defineProperty(window, 'isSecureContext', { configurable: true, value: false })
    try {
      await openClientAccount()
      expect(screen.queryByTestId('farm-use-position')).toBeNull()
      expect(screen.queryByTestId('farm-position-off')).toBeNull()
      expect(screen.getByTestId('farm-position-insecure').textContent).toMatch(
        /^The browser gives your position only to a page opened over a secure \(https\) connection/,
      )
    } finally {
      Reflect.deleteProperty(window, 'isSecureContext')
    }
  })
})
