import { act, fireEvent, screen } from '@testing-library/react'
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

/** The handshake refusal as socket.io-client hands it over: the code as message, the server's data. */
function refusal(code: string, limit: number) {
  return Object.assign(new Error(code), { data: { message: 'the server’s wording', limit } })
}

describe('the real-time channel refused for too many connections', () => {
  it('says so in Polish and English, with the limit, and offers a reload', async () => {
    renderApp('/', { isLoggedIn: true, lang: 'pl' })
    await screen.findByTestId('main-nav')
    act(() => socket.serverEmits('connect_error', refusal('too_many_connections_user', 20)))
    expect((await screen.findByTestId('realtime-refused')).textContent).toContain(
      'Kropla jest otwarta w zbyt wielu oknach Twojego użytkownika (najwyżej 20).',
    )
    fireEvent.click(screen.getByRole('button', { name: 'Odśwież stronę' }))
    expect(reloads).toEqual([undefined])
  })

  it('names the network address limit in English', async () => {
    renderApp('/', { isLoggedIn: true, lang: 'en' })
    await screen.findByTestId('main-nav')
    act(() => socket.serverEmits('connect_error', refusal('too_many_connections_address', 100)))
    expect((await screen.findByTestId('realtime-refused')).textContent).toContain(
      'Too many Kropla connections come from your network address (100 at most).',
    )
    // A connection that comes back takes the notice away.
    act(() => socket.serverEmits('connect'))
    expect(screen.queryByTestId('realtime-refused')).toBeNull()
  })

  it('shows nothing for other connection errors (the channel retries them by itself)', async () => {
    renderApp('/', { isLoggedIn: true })
    await screen.findByTestId('main-nav')
    act(() => socket.serverEmits('connect_error', new Error('websocket error')))
    act(() => socket.serverEmits('connect_error', refusal('not_authenticated', 1)))
    expect(screen.queryByTestId('realtime-refused')).toBeNull()
  })
})
