import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createFakeAlarmsServer } from '../../testing/fake-alarms'
import { createFakeSocket } from '../../testing/fake-socket'
import { installPushStandIn } from '../../testing/push-stand-in'
import { renderApp } from '../../testing/render-app'

vi.mock('../../lib/socket', () => ({ createRealtimeSocket: () => createFakeSocket() }))

let uninstall = () => {}
afterEach(() => uninstall())

describe('a browser already subscribed to alarm pushes', () => {
  it('is handed to the server for the user signed in now, so nobody else’s alarms arrive here', async () => {
    const installed = installPushStandIn({ permission: 'granted', isSubscribed: true })
    uninstall = installed.uninstall
    const server = createFakeAlarmsServer()
    renderApp('/', { server })
    await screen.findByTestId('logout')
    await waitFor(() =>
      expect(server.callsTo('POST', '/api/push/subscriptions').map((call) => call.body)).toEqual([
        {
          endpoint: 'https://push.example.test/send/already',
          keys: { p256dh: expect.any(String), auth: 'tBHItJI5svbpez7KI4CCXg' },
        },
      ]),
    )
  })
})
