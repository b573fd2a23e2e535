import { act, fireEvent, screen, waitFor } from '@testing-library/react'
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
  return installed
}

function openFcm() {
  const server = createFakeAlarmsServer()
  renderApp('/mobile/fcm', { server })
  return server
}

describe('/mobile/fcm', () => {
  it('says plainly when the browser cannot receive pushes', async () => {
    openFcm()
    expect((await screen.findByTestId('fcm-unsupported')).textContent).toContain(
      'cannot receive push notifications',
    )
    expect(screen.getByTestId('fcm-last').textContent).toContain('None received yet.')
  })

  it('subscribes this device, sends it a test, and refuses a second test at once', async () => {
    standIn()
    const server = openFcm()
    await waitFor(() => expect(screen.getByTestId('fcm-state').getAttribute('data-state')).toBe('off'))
    fireEvent.click(screen.getByTestId('fcm-subscribe'))
    await waitFor(() => expect(screen.getByTestId('fcm-state').getAttribute('data-state')).toBe('on'))
    expect(server.alarms.subscriptions).toHaveLength(1)
    fireEvent.click(screen.getByTestId('fcm-test'))
    expect((await screen.findByTestId('fcm-test-sent')).textContent).toBe(
      'Sent: it should pop up in a few seconds.',
    )
    expect(server.alarms.testsSent).toEqual([server.alarms.subscriptions[0]?.endpoint])
    fireEvent.click(screen.getByTestId('fcm-test'))
    expect((await screen.findByTestId('fcm-test-failed')).textContent).toContain('Try again in 30 s.')
  })

  it('offers no test while this device is not subscribed', async () => {
    standIn()
    openFcm()
    await waitFor(() => expect(screen.getByTestId('fcm-state').getAttribute('data-state')).toBe('off'))
    expect((screen.getByTestId('fcm-test') as HTMLButtonElement).disabled).toBe(true)
  })

  it('shows the last push as the service worker posts it', async () => {
    const browser = standIn({ isSubscribed: true })
    openFcm()
    await screen.findByText('None received yet.')
    await act(async () =>
      browser.post({
        type: 'kropla-push',
        push: {
          title: 'Kropla test',
          body: 'Notifications reach this device.',
          received_at: '2026-05-01T10:00:00.000Z',
        },
      }),
    )
    expect(screen.getByText('Kropla test')).toBeTruthy()
    expect(screen.getByText('Notifications reach this device.')).toBeTruthy()
    expect(screen.getByText('2026-05-01 10:00:00')).toBeTruthy()
    // Anything else a worker posts is not a push of ours.
    await act(async () => browser.post({ type: 'other', push: { title: 'x' } }))
    expect(screen.getByText('Kropla test')).toBeTruthy()
  })
})
