import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { alarmRowFixture, createFakeAlarmsServer } from '../../testing/fake-alarms'
import { createFakeSocket, type FakeSocket } from '../../testing/fake-socket'
import { renderApp } from '../../testing/render-app'

let socket: FakeSocket
vi.mock('../../lib/socket', () => ({ createRealtimeSocket: () => socket }))

beforeEach(() => {
  socket = createFakeSocket()
})

/** APIs a test gives the browser (jsdom has none of them); taken away again after it. */
const added: string[] = []
function give(target: object, name: string, value: unknown) {
  Object.defineProperty(target, name, { value, configurable: true, writable: true })
  added.push(name)
}
afterEach(() => {
  for (const name of added.splice(0)) {
    delete (navigator as unknown as Record<string, unknown>)[name]
    delete (window as unknown as Record<string, unknown>)[name]
  }
})

const activeAlarms = [
  alarmRowFixture({ id: 1 }),
  alarmRowFixture({ id: 2, alarm_name: 'battvol_lt', field: 'battvol', threshold: 3.1, value: 3.0 }),
]

describe('/mobile, the phone features', () => {
  it('lists every feature with whether this browser has it, each a link to its screen', async () => {
    give(navigator, 'setAppBadge', () => Promise.resolve())
    give(navigator, 'clearAppBadge', () => Promise.resolve())
    renderApp('/mobile', { server: createFakeAlarmsServer([]) })
    const list = await screen.findByTestId('mobile-features')
    expect(within(list).getAllByRole('link')).toHaveLength(10)
    const badge = screen.getByTestId('mobile-feature-badge')
    expect(badge.getAttribute('data-support')).toBe('supported')
    expect(badge.getAttribute('href')).toBe('/mobile/badge')
    expect(within(badge).getByText('Works in this browser')).toBeTruthy()
    // jsdom has no NFC, no Bluetooth: said plainly with the reason.
    const nfc = screen.getByTestId('mobile-feature-nfc')
    expect(nfc.getAttribute('data-support')).toBe('unsupported')
    expect(within(nfc).getByText('Not in this browser')).toBeTruthy()
    expect(within(nfc).getByText(/cannot read NFC tags/)).toBeTruthy()
    // The map works without Cache Storage, offline tiles do not.
    expect(screen.getByTestId('mobile-feature-maps').getAttribute('data-support')).toBe('limited')
  })

  it('is in the main menu, in Polish too', async () => {
    renderApp('/mobile', { server: createFakeAlarmsServer([]), lang: 'pl' })
    expect(await screen.findByRole('heading', { name: 'Funkcje urządzenia' })).toBeTruthy()
    expect(within(screen.getByTestId('main-nav')).getByText('Funkcje urządzenia')).toBeTruthy()
    expect(within(screen.getByTestId('mobile-feature-nfc')).getByText('Brak w tej przeglądarce')).toBeTruthy()
  })
})

describe('/mobile/badge', () => {
  it("puts the active alarms on the installed app's icon and says so", async () => {
    const setAppBadge = vi.fn(() => Promise.resolve())
    const clearAppBadge = vi.fn(() => Promise.resolve())
    give(navigator, 'setAppBadge', setAppBadge)
    give(navigator, 'clearAppBadge', clearAppBadge)
    renderApp('/mobile/badge', { server: createFakeAlarmsServer(activeAlarms) })
    expect((await screen.findByTestId('badge-active-count')).textContent).toBe('2')
    await waitFor(() => expect(setAppBadge).toHaveBeenCalledWith(2))
    expect((await screen.findByText("The installed app's icon shows 2.")).getAttribute('data-outcome')).toBe(
      'set',
    )
    expect(screen.queryByTestId('support-notice')).toBeNull()
  })

  it('clears the icon when no alarm is active', async () => {
    const setAppBadge = vi.fn(() => Promise.resolve())
    const clearAppBadge = vi.fn(() => Promise.resolve())
    give(navigator, 'setAppBadge', setAppBadge)
    give(navigator, 'clearAppBadge', clearAppBadge)
    renderApp('/mobile/badge', { server: createFakeAlarmsServer([alarmRowFixture({ active: false })]) })
    expect(
      await screen.findByText("No alarm is active: the installed app's icon shows no number."),
    ).toBeTruthy()
    expect(clearAppBadge).toHaveBeenCalled()
    expect(setAppBadge).not.toHaveBeenCalled()
  })

  it('says plainly where the browser has no badge, and still shows the count', async () => {
    renderApp('/mobile/badge', { server: createFakeAlarmsServer(activeAlarms) })
    const notice = await screen.findByTestId('support-notice')
    expect(notice.textContent).toContain('Not available in this browser')
    expect(notice.textContent).toContain("This browser cannot put a number on the app's icon (Badging API).")
    expect((await screen.findByTestId('badge-active-count')).textContent).toBe('2')
    expect(screen.queryByTestId('badge-outcome')).toBeNull()
  })

  it('leads back to the list of features', async () => {
    renderApp('/mobile/badge', { server: createFakeAlarmsServer([]) })
    fireEvent.click(await screen.findByRole('link', { name: '← All device features' }))
    expect(await screen.findByTestId('mobile-features')).toBeTruthy()
  })
})
