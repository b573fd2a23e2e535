import type { ProfileTestAnswer, ProfileTestChannel } from '@kropla/domain'
import { meFixture } from '@kropla/domain/testing'
import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { createFakeServer } from '../../testing/fake-server'
import { withTestChecks } from '../../testing/fake-test-checks'
import { renderApp } from '../../testing/render-app'

vi.mock('../../lib/socket', async () => ({
  createRealtimeSocket: (await import('../../testing/fake-socket')).createFakeSocket,
}))

const sentAt = '2026-07-01T14:00:00.000Z'
const outcomes: Record<ProfileTestChannel, Omit<ProfileTestAnswer, 'channel'>> = {
  email: { status: 'sent', reason: null, detail: null, to: 'demo@kropla.app', sent_at: sentAt, id_run: 1 },
  sms: { status: 'failed', reason: 'no_phone', detail: null, to: null, sent_at: sentAt, id_run: 2 },
  push: {
    status: 'failed',
    reason: 'provider_refused',
    detail: 'push service answered 500',
    to: null,
    sent_at: sentAt,
    id_run: 3,
  },
}

function open(lang: 'en' | 'pl' = 'en') {
  // The user reads in UTC; the farm (and so the test area) is in Warsaw.
  const me = meFixture({ user: { time_zone: 'UTC', client_time_zone: 'Europe/Warsaw', lang } })
  const server = withTestChecks(createFakeServer(me, { isLoggedIn: true }), {
    weather: () => {
      throw new Error('not here')
    },
    profile: (channel) => outcomes[channel],
    tested: new Set(),
  })
  return { ...renderApp('/test/profile', { me, isLoggedIn: true, server, lang }), server }
}

describe('test messages to oneself', () => {
  it('sends each channel’s test and says it went, or why not', async () => {
    const { server } = open()
    const email = await screen.findByTestId('profile-test-email')
    expect(within(email).getByText('To: demo@kropla.app')).toBeTruthy()
    expect(
      within(screen.getByTestId('profile-test-sms')).getByText('To: No phone number in the profile'),
    ).toBeTruthy()

    fireEvent.click(within(email).getByTestId('profile-test-email-send'))
    expect((await screen.findByTestId('profile-test-email-sent')).textContent).toBe(
      'Accepted by the mail server at 2026-07-01 16:00:00. Look in your inbox (and the spam folder).',
    )
    expect(server.callsTo('POST', '/api/test/profile')[0]?.body).toEqual({ channel: 'email' })

    fireEvent.click(screen.getByTestId('profile-test-sms-send'))
    const sms = await screen.findByTestId('profile-test-sms-failed')
    expect(within(sms).getByTestId('profile-test-reason').textContent).toBe(
      'There is no phone number in your profile. Add one and try again.',
    )
    expect(within(sms).getByRole('link', { name: 'Open the profile' }).getAttribute('href')).toBe(
      '/settings/profile',
    )

    fireEvent.click(screen.getByTestId('profile-test-push-send'))
    const push = await screen.findByTestId('profile-test-push-failed')
    expect(within(push).getByTestId('profile-test-reason').textContent).toBe(
      'The push service refused the message or did not answer.',
    )
    expect(within(push).getByText('Its answer: push service answered 500')).toBeTruthy()
  })

  it('shows the refusal of a test sent again too soon, in Polish', async () => {
    open('pl')
    fireEvent.click(await screen.findByTestId('profile-test-email-send'))
    expect((await screen.findByTestId('profile-test-email-sent')).textContent).toMatch(
      /^Serwer poczty przyjął wiadomość o 2026-07-01 16:00:00\./,
    )
    fireEvent.click(screen.getByTestId('profile-test-email-send'))
    expect((await screen.findByTestId('profile-test-email-refused')).textContent).toBe(
      'Ten kanał był testowany przed chwilą. Spróbuj ponownie za 27 s.',
    )
  })
})
