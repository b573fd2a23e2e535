import { MantineProvider } from '@mantine/core'
import { cleanNotifications, notifications } from '@mantine/notifications'
import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { NotificationsHost } from './NotificationsHost'

afterEach(() => act(() => cleanNotifications()))

describe('notifications before and after the container has loaded', () => {
  it('renders nothing until a notice is shown, then shows that notice and later ones', async () => {
    render(
      <MantineProvider>
        <NotificationsHost />
      </MantineProvider>,
    )
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull()

    act(() => {
      notifications.show({ title: 'Saved', message: 'The schedule was saved' })
    })
    expect(await screen.findByText('The schedule was saved')).toBeTruthy()
    expect(document.querySelector('.mantine-Notifications-root')).not.toBeNull()

    act(() => {
      notifications.show({ message: 'The group was deleted' })
    })
    expect(await screen.findByText('The group was deleted')).toBeTruthy()
  })
})
