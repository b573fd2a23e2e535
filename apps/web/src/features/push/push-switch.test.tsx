import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createFakeAlarmsServer } from '../../testing/fake-alarms'
import { createFakeSocket } from '../../testing/fake-socket'
import { installPushStandIn } from '../../testing/push-stand-in'
import { renderApp } from '../../testing/render-app'

vi.mock('../../lib/socket', () => ({ createRealtimeSocket: () => createFakeSocket() }))

let uninstall = () => {}
afterEach(() => uninstall())

function standIn(options: Parameters<typeof installPushStandIn>[0] = {}) {
  const installed = installPushStandIn(options)
  uninstall = installed.uninstall
  return installed.state
}

function openProfile() {
  const server = createFakeAlarmsServer()
  renderApp('/settings/profile', { server })
  return server
}

const pushSwitch = () =>
  screen.findByRole<HTMLInputElement>('switch', { name: 'Mobile app / browser notifications' })

describe('browser notifications switch', () => {
  it('says so where the browser cannot receive pushes', async () => {
    openProfile()
    expect((await pushSwitch()).disabled).toBe(true)
    expect(screen.getByText(/This browser cannot receive notifications/)).toBeTruthy()
  })

  it('asks permission, subscribes with the server’s key and hands the subscription to the server', async () => {
    const browser = standIn({ isRegistered: false })
    const server = openProfile()
    const toggle = await pushSwitch()
    await waitFor(() => expect(toggle.disabled).toBe(false))
    expect(toggle.checked).toBe(false)
    fireEvent.click(toggle)

    expect(await screen.findByText('This browser will receive alarm notifications.')).toBeTruthy()
    expect((await pushSwitch()).checked).toBe(true)
    expect(browser.permissionRequests).toBe(1)
    // No worker yet (a development build): the switch installs it for the whole app.
    expect(browser.registered).toEqual([{ url: '/sw.js', scope: '/' }])
    const [subscribeOptions] = browser.subscribeOptions
    expect(subscribeOptions?.userVisibleOnly).toBe(true)
    const expectedKey = new Uint8Array(Buffer.from(server.alarms.vapidKey, 'base64url'))
    expect(new Uint8Array(subscribeOptions?.applicationServerKey as ArrayBuffer)).toEqual(expectedKey)
    expect(server.alarms.subscriptions).toEqual([
      {
        endpoint: 'https://push.example.test/send/1',
        keys: { p256dh: expect.any(String), auth: 'tBHItJI5svbpez7KI4CCXg' },
      },
    ])
  })

  it('shows an existing subscription and withdraws it when switched off', async () => {
    const browser = standIn({ permission: 'granted', isSubscribed: true })
    const server = openProfile()
    await waitFor(async () => expect((await pushSwitch()).checked).toBe(true))
    fireEvent.click(await pushSwitch())
    expect(await screen.findByText('This browser will no longer receive alarm notifications.')).toBeTruthy()
    expect((await pushSwitch()).checked).toBe(false)
    expect(browser.subscription).toBeNull()
    expect(server.callsTo('DELETE', '/api/push/subscriptions')[0]?.body).toEqual({
      endpoint: 'https://push.example.test/send/already',
    })
  })

  it('stays off, and says how to allow them, when the user blocks notifications', async () => {
    const browser = standIn({ answer: 'denied' })
    const server = openProfile()
    const toggle = await pushSwitch()
    await waitFor(() => expect(toggle.disabled).toBe(false))
    fireEvent.click(toggle)
    expect(await screen.findByText(/Notifications are blocked for this site/)).toBeTruthy()
    expect((await pushSwitch()).checked).toBe(false)
    expect(browser.subscribeOptions).toEqual([])
    expect(server.callsTo('POST', '/api/push/subscriptions')).toEqual([])
  })

  it('does not look subscribed when the server refuses the subscription', async () => {
    const browser = standIn()
    const server = openProfile()
    server.state.failures.set('POST /api/push/subscriptions', { status: 500, code: 'internal' })
    const toggle = await pushSwitch()
    await waitFor(() => expect(toggle.disabled).toBe(false))
    fireEvent.click(toggle)
    expect(await screen.findByText('Notifications in this browser could not be changed.')).toBeTruthy()
    expect((await pushSwitch()).checked).toBe(false)
    expect(browser.subscription).toBeNull()
  })
})
