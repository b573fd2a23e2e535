import { useNotifications } from '@mantine/notifications'
import { lazy, Suspense, useState } from 'react'

// The container (transitions, scroll lock, drag to dismiss and its stylesheet) is a quarter of what
// the login page would otherwise download, and no notice is shown before a user acts. The store is
// global, so a notice shown before the container arrives waits in it and appears once it has loaded.
const NotificationsContainer = lazy(() => import('./NotificationsContainer'))

export function NotificationsHost() {
  const { notifications, queue } = useNotifications()
  const [needed, setNeeded] = useState(false)
  if (!needed && notifications.length + queue.length > 0) setNeeded(true)
  if (!needed) return null
  return (
    <Suspense fallback={null}>
      <NotificationsContainer />
    </Suspense>
  )
}
