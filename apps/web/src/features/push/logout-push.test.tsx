import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createFakeAlarmsServer } from '../../testing/fake-alarms'
import { createFakeSocket } from '../../testing/fake-socket'
import { installPushStandIn } from '../../testing/push-stand-in'
import { renderApp } from '../../testing/render-app'

vi.mock('../../lib/socket', () => ({ createRealtimeSocket: () => createFakeSocket() }))
const reloads = vi.hoisted(() => [] as (string | undefined)[])
vi.mock('../../lib/reload', () => ({ reloadPage: (hash?: string) => reloads.push(hash) }))

let uninstall = () => {}
afterEach(() => uninstall())

describe('logging out of a browser that receives alarm pushes', () => {
  it('withdraws its subscription from the server and the browser, so the next user is not shown the alarms', async () => {
    const installed = installPushStandIn({ permission: 'granted', isSubscribed: true })
    uninstall = installed.uninstall
    const server = createFakeAlarmsServer()
    renderApp('/', { server })
    fireEvent.click(await screen.findByTestId('logout'))

    await waitFor(() => expect(reloads).toEqual(['#/login']))
    expect(installed.state.subscription).toBeNull()
    expect(server.callsTo('DELETE', '/api/push/subscriptions').map((call) => call.body)).toEqual([
      { endpoint: 'https://push.example.test/send/already' },
    ])
    expect(server.callsTo('GET', '/logout')).toHaveLength(1)
  })
})
