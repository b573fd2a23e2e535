import '@mantine/notifications/styles.css'
import { Notifications } from '@mantine/notifications'
import { notificationAutoCloseMs } from '../lib/constants'

/** Loaded by NotificationsHost when the first notice is shown. */
export default function NotificationsContainer() {
  return <Notifications autoClose={notificationAutoCloseMs} />
}
