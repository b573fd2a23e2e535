import { meOfType } from '@kropla/domain/testing'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { type FakeMessages, userMessageFixture, withMessages } from '../../testing/fake-messages'
import { createFakeServer } from '../../testing/fake-server'
import { createFakeSocket, type FakeSocket } from '../../testing/fake-socket'
import { mediaQueries } from '../../testing/media-queries'
import { renderApp } from '../../testing/render-app'

let socket: FakeSocket
vi.mock('../../lib/socket', () => ({ createRealtimeSocket: () => socket }))
beforeEach(() => {
  socket = createFakeSocket()
})

function open(path: string, messages: FakeMessages, options: { type?: 0 | 1 | 2; lang?: 'en' | 'pl' } = {}) {
  const me = meOfType(options.type ?? 2, { lang: options.lang ?? 'en' })
  me.unreadMessages = messages.mine.filter((message) => message.read_date === null).length
  const server = withMessages(createFakeServer(me, { isLoggedIn: true }), messages)
  return { ...renderApp(path, { server, lang: options.lang }), server, messages }
}

const inbox = (): FakeMessages => ({
  mine: [
    userMessageFixture(),
    userMessageFixture({
      id: 2,
      subject_en: 'New reports',
      subject_pl: 'Nowe raporty',
      type: 0,
      read_date: '2026-05-01T09:00:00.000Z',
    }),
  ],
  sent: [],
  templates: [],
})

describe('messages', () => {
  it('reads a message by opening it, marks it unread again and deletes it', async () => {
    const { server } = open('/kropla_2/user_messages', inbox())
    const list = await screen.findByTestId('user-messages')
    expect(screen.getByTestId('messages-badge').getAttribute('aria-label')).toBe('Messages: 1 unread')
    const unread = within(list).getByRole('button', { name: 'Service break' }).closest('[data-unread]')
    expect(unread?.getAttribute('data-unread')).toBe('true')
    fireEvent.click(within(list).getByRole('button', { name: 'Service break' }))
    await waitFor(() =>
      expect(server.callsTo('PUT', '/api/user_messages/1/read')[0]?.body).toEqual({ read: true }),
    )
    await waitFor(() => expect(unread?.getAttribute('data-unread')).toBe('false'))
    expect(screen.queryByTestId('messages-badge')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Mark as unread' }))
    await waitFor(() =>
      expect(server.callsTo('PUT', '/api/user_messages/1/read')[1]?.body).toEqual({ read: false }),
    )
    fireEvent.click(screen.getByRole('button', { name: 'Delete the message Service break' }))
    expect(await screen.findByText('Message deleted.')).toBeTruthy()
    await waitFor(() => expect(within(list).queryByRole('button', { name: 'Service break' })).toBeNull())
    fireEvent.click(screen.getByRole('radio', { name: 'Unread' }))
    expect(await screen.findByText('No messages.')).toBeTruthy()
  })

  it('puts a deleted message back when the server refuses, and says why', async () => {
    const { server } = open('/kropla_2/user_messages', inbox())
    await screen.findByTestId('user-messages')
    fireEvent.click(screen.getByRole('button', { name: 'New reports' }))
    server.state.failures.set('DELETE /api/user_messages/2', { status: 500, code: 'internal' })
    fireEvent.click(await screen.findByRole('button', { name: 'Delete the message New reports' }))
    expect(await screen.findByText('Application error. Please try again.')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'New reports' })).toBeTruthy()
  })

  it('shows a new message from the live channel in Polish at once', async () => {
    const { messages } = open('/kropla_2/user_messages', { ...inbox(), mine: [] }, { lang: 'pl' })
    expect(await screen.findByText('Brak wiadomości.')).toBeTruthy()
    const message = userMessageFixture({
      id: 9,
      subject_pl: 'Przymrozek w nocy',
      subject_en: 'Frost tonight',
    })
    messages.mine = [message]
    socket.serverEmits('user_message', { message, unread: 1 })
    expect(await screen.findByText('Nowa wiadomość')).toBeTruthy()
    expect((await screen.findByTestId('messages-badge')).getAttribute('aria-label')).toBe(
      'Wiadomości: 1 nieprzeczytana',
    )
    expect((await screen.findAllByText('Przymrozek w nocy')).length).toBeGreaterThan(0)
  })
})

describe('the header badge', () => {
  it('says in words what it counts on a wide screen', async () => {
    open('/kropla_2/user_messages', inbox())
    const badge = await screen.findByRole('link', { name: 'Messages: 1 unread' })
    expect(within(badge).getByTestId('messages-badge-count').textContent).toBe('Unread: 1')
  })

  it('on a phone is a number whose label says it, and a tap opens a panel saying it, with the way to the messages', async () => {
    const matchMedia = window.matchMedia
    window.matchMedia = mediaQueries((query) => query.includes('max-width'))
    try {
      open('/alarms', inbox(), { lang: 'pl' })
      const badge = await screen.findByRole('button', { name: 'Wiadomości: 1 nieprzeczytana' })
      expect(badge.textContent).toBe('1')
      fireEvent.click(badge)
      const details = await screen.findByTestId('messages-badge-details')
      expect(details.textContent).toContain('1wiadomości, których jeszcze nie przeczytano')
      // jsdom never runs the panel's opening transition (it stays display: none), so not by role here.
      fireEvent.click(within(details).getByText('Pokaż wiadomości'))
      expect(await screen.findByTestId('user-messages')).toBeTruthy()
    } finally {
      window.matchMedia = matchMedia
    }
  })
})

describe("the operator's messages", () => {
  it('refuses a message without subjects, fills one from a template and publishes it to chosen accounts', async () => {
    const { server } = open(
      '/admin/adminus/messages',
      {
        mine: [],
        sent: [],
        templates: [
          {
            id: 5,
            name: 'Frost',
            subject_pl: 'Przymrozek',
            subject_en: 'Frost',
            content_pl: 'Okryj rozsady.',
            content_en: 'Cover the seedlings.',
            type: 1,
            updated_at: '2026-05-01T08:00:00.000Z',
          },
        ],
      },
      { type: 0 },
    )
    fireEvent.click(await screen.findByRole('button', { name: 'Publish' }))
    expect((await screen.findAllByText('Field required')).length).toBe(4)
    expect(server.callsTo('POST', '/api/admin/messages')).toEqual([])

    fireEvent.change(screen.getByLabelText('Start from a template'), { target: { value: '5' } })
    await waitFor(() =>
      expect((screen.getByLabelText(/Subject \(English\)/) as HTMLInputElement).value).toBe('Frost'),
    )
    fireEvent.change(screen.getByLabelText('Recipients'), { target: { value: 'clients' } })
    fireEvent.change(await screen.findByLabelText(/Identifiers/), { target: { value: '7, 9' } })
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }))
    expect(await screen.findByText('Message published to 3 recipients.')).toBeTruthy()
    expect(server.callsTo('POST', '/api/admin/messages')[0]?.body).toEqual({
      subject_pl: 'Przymrozek',
      subject_en: 'Frost',
      content_pl: 'Okryj rozsady.',
      content_en: 'Cover the seedlings.',
      type: 1,
      address: '',
      publication_date: null,
      recipients: { kind: 'clients', ids: [7, 9] },
    })
  })
})
