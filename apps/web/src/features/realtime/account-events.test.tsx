import { meFixture } from '@kropla/domain/testing'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createFakeSocket, type FakeSocket } from '../../testing/fake-socket'
import { renderApp } from '../../testing/render-app'

let socket: FakeSocket
vi.mock('../../lib/socket', () => ({ createRealtimeSocket: () => socket }))
const reloads = vi.hoisted(() => [] as (string | undefined)[])
vi.mock('../../lib/reload', () => ({ reloadPage: (hash?: string) => reloads.push(hash) }))

beforeEach(() => {
  socket = createFakeSocket()
  reloads.length = 0
})

function twoAccounts() {
  return meFixture({
    assignedClients: [
      { id: 3, name: 'Demo Farm Kropla', type: 1 },
      { id: 4, name: 'Orchard North', type: 2 },
    ],
  })
}

/** The switcher in the menu (the top panel holds a second one for wide screens). */
async function switcher(): Promise<HTMLSelectElement> {
  const nav = await screen.findByTestId('main-nav')
  return within(nav).getByTestId('account-switcher') as HTMLSelectElement
}

describe('switching the client account', () => {
  it('is offered only to a user of several accounts', async () => {
    renderApp('/', { isLoggedIn: true })
    await screen.findByTestId('main-nav')
    expect(screen.queryByTestId('account-switcher')).toBeNull()
    cleanup()
    renderApp('/', { me: twoAccounts(), isLoggedIn: true })
    const select = await switcher()
    expect([...select.options].map((option) => option.textContent)).toEqual([
      'Demo Farm Kropla',
      'Orchard North',
    ])
    expect(select.value).toBe('3')
  })

  it('asks the server, and reloads at the start when the server confirms the switch', async () => {
    socket.answerRequest('switch_client', () => ({ ok: true }))
    renderApp('/settings', { me: twoAccounts(), isLoggedIn: true })
    fireEvent.change(await switcher(), { target: { value: '4' } })
    await waitFor(() =>
      expect(socket.requests).toEqual([{ event: 'switch_client', payload: { id_client: 4 } }]),
    )
    expect(reloads).toEqual([])
    socket.serverEmits('switch_client', { id_client: 4 })
    expect(reloads).toEqual(['#/'])
  })

  it('says so when the switch fails, in the interface language', async () => {
    socket.answerRequest('switch_client', () => ({ err: 'switch_client_failed', message: 'nope' }))
    renderApp('/', { me: twoAccounts(), isLoggedIn: true, lang: 'pl' })
    fireEvent.change(await switcher(), { target: { value: '4' } })
    expect(await screen.findByText('Przełączanie klienta - operacja nie powiodła się!')).toBeTruthy()
    expect((await switcher()).value).toBe('3')
    expect(reloads).toEqual([])
  })
})

describe('server-pushed account events', () => {
  it('reloads when the session is authorized for another client account', async () => {
    renderApp('/', { isLoggedIn: true })
    await screen.findByTestId('main-nav')
    socket.serverEmits('authorize', { id_client: 3 })
    expect(reloads).toEqual([])
    socket.serverEmits('authorize', { id_client: 4 })
    expect(reloads).toEqual([undefined])
  })

  it('logs out completely when the user is deleted or their role changes', async () => {
    const { server } = renderApp('/settings', { isLoggedIn: true })
    await screen.findByTestId('settings-sections')
    socket.serverEmits('user_client_change', { id_client: 3, type: 'type_changed', user_type: 2 })
    await waitFor(() => expect(reloads).toEqual(['#/login']))
    expect(server.callsTo('GET', '/logout')).toHaveLength(1)
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy()
  })

  it('only refreshes the list of accounts when another account of the user changed', async () => {
    const { server } = renderApp('/', { me: twoAccounts(), isLoggedIn: true })
    await screen.findByTestId('main-nav')
    const reads = server.callsTo('GET', '/api/me').length
    socket.serverEmits('user_client_change', { id_client: 4, type: 'deleted', user_type: 2 })
    await waitFor(() => expect(server.callsTo('GET', '/api/me').length).toBe(reads + 1))
    expect(server.callsTo('GET', '/logout')).toHaveLength(0)
    expect(reloads).toEqual([])
  })
})
