import { meFixture, objectFixture } from '@kropla/domain/testing'
import { catalogues } from '@kropla/i18n'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { answerManualRequests, withIrrigation } from '../../testing/fake-irrigation'
import { createFakeObjectsServer, objectDetailFixture } from '../../testing/fake-objects'
import { withResources } from '../../testing/fake-resources'
import { createFakeServer } from '../../testing/fake-server'
import { createFakeSocket, type FakeSocket } from '../../testing/fake-socket'
import { type } from '../../testing/form-fields'
import { renderApp } from '../../testing/render-app'
import { onlineStore } from './online-store'

const en = catalogues.en

let socket: FakeSocket
vi.mock('../../lib/socket', () => ({ createRealtimeSocket: () => socket }))

beforeEach(() => {
  socket = createFakeSocket()
})
afterEach(() => {
  // Back online for the next test (the store is the page's one).
  act(() => {
    window.dispatchEvent(new Event('online'))
  })
})

function farm(lang: 'en' | 'pl' = 'en') {
  const me = meFixture({
    user: { lang },
    objects: [
      objectFixture({
        id: 1,
        name: 'Field valves',
        serial: 'VALVO-0001',
        last_device_model: 'AM-411',
        latest: { o1: { value: 0, dtimestamp: new Date(Date.now() - 60_000).toISOString(), previous: null } },
      }),
    ],
  })
  const server = withIrrigation(withResources(createFakeServer(me, { isLoggedIn: true })), {
    manual_opens: [],
    plans: [],
    nextId: 500,
  })
  answerManualRequests(socket, server.irrigation, lang)
  return renderApp('/manual_control', { server, lang })
}

const openButton = () => screen.findByRole('button', { name: 'Open Valve north' })

describe('offline: the banner and the actions that need the server', () => {
  it('disables manual control with the reason while the device is offline, and gives it back online', async () => {
    farm()
    expect(((await openButton()) as HTMLButtonElement).disabled).toBe(false)
    expect(screen.queryByTestId('offline-banner')).toBeNull()

    act(() => {
      window.dispatchEvent(new Event('offline'))
    })
    const banner = await screen.findByTestId('offline-banner')
    expect(banner.textContent).toContain('You are offline.')
    expect(banner.textContent).toContain('The app shows what it knew before the connection was lost.')
    const open = (await openButton()) as HTMLButtonElement
    expect(open.disabled).toBe(true)
    const reason = screen.getByTestId('offline-reason')
    expect(open.getAttribute('aria-describedby')).toBe(reason.id)
    expect(reason.textContent).toBe(
      'Needs a connection to the server: not available offline. Nothing is sent later.',
    )
    expect((screen.getByRole('button', { name: 'Start sequence' }) as HTMLButtonElement).disabled).toBe(true)
    // A click on a disabled button sends nothing (nothing is queued for later either).
    const sentBefore = socket.requests.length
    fireEvent.click(open)
    expect(socket.requests.length).toBe(sentBefore)

    act(() => {
      window.dispatchEvent(new Event('online'))
    })
    await waitFor(() => expect(screen.queryByTestId('offline-banner')).toBeNull())
    expect(((await openButton()) as HTMLButtonElement).disabled).toBe(false)
    expect(screen.queryByTestId('offline-reason')).toBeNull()
  })

  it('says the server cannot be reached when reads fail on a network, and how old the shown answers are, in Polish', async () => {
    farm('pl')
    await screen.findByRole('button', { name: 'Otwórz Valve north' })
    act(() => {
      onlineStore().dispatch({ type: 'network', reachable: false, savedAt: Date.now() - 3 * 3_600_000 })
    })
    const banner = await screen.findByTestId('offline-banner')
    expect(banner.textContent).toContain('Serwer jest nieosiągalny.')
    expect(banner.textContent).toContain('Ostatnia aktualizacja: 3 godziny temu.')
    expect(screen.getByTestId('offline-reason').textContent).toContain('Wymaga połączenia z serwerem')
  })

  it("keeps a module page's settings from being sent offline, by the button or by Enter, and says why", async () => {
    const fake = createFakeObjectsServer({ objects: [objectDetailFixture({ id: 5, name: 'North probe' })] })
    renderApp('/kropla_2/modules/5', { server: fake.server })
    await screen.findByRole('heading', { name: 'North probe' })
    act(() => {
      window.dispatchEvent(new Event('offline'))
    })
    const save = (await screen.findByRole('button', { name: 'Save changes' })) as HTMLButtonElement
    expect(save.disabled).toBe(true)
    expect(document.getElementById(save.getAttribute('aria-describedby') ?? '')?.textContent).toContain(
      'Needs a connection to the server',
    )
    type('config.inputs.HUMIDITY_1.custom_units', 'vol%')
    fireEvent.submit(screen.getByTestId('module-settings'))
    expect(fake.callsTo('PUT', '/api/objects/5')).toEqual([])
  })

  it("keeps a settings form's save from being sent offline, pointing at the banner's reason", async () => {
    renderApp('/settings/profile', { isLoggedIn: true })
    const save = (await screen.findByRole('button', { name: en.settings.save })) as HTMLButtonElement
    expect(save.disabled).toBe(false)
    act(() => {
      window.dispatchEvent(new Event('offline'))
    })
    await waitFor(() => expect(save.disabled).toBe(true))
    const reason = document.getElementById(save.getAttribute('aria-describedby') ?? '')
    expect(reason?.closest('[data-testid="offline-banner"]')).not.toBeNull()
    expect(reason?.textContent).toBe(en.offline.actions_wait)
    act(() => {
      window.dispatchEvent(new Event('online'))
    })
    await waitFor(() => expect(save.disabled).toBe(false))
  })
})
