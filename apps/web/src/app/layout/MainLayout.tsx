import '../every-component-styles'
import { AppShell, ScrollArea } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Outlet } from 'react-router'
import { FirstRunDialog } from '../../features/first-run/FirstRunDialog'
import { HistoryDialogHost } from '../../features/history/HistoryDialogHost'
import { linkManifest } from '../../features/offline/manifest-link'
import { OfflineBanner } from '../../features/offline/OfflineBanner'
import { registerServiceWorker } from '../../features/offline/register-service-worker'
import { usePushOwnership } from '../../features/push/use-push-ownership'
import { RealtimeProvider } from '../../features/realtime/RealtimeContext'
import { RealtimeRefusedBanner } from '../../features/realtime/RealtimeRefusedBanner'
import { useRealtime } from '../../features/realtime/use-realtime'
import { useSession } from '../../features/session/use-session'
import { SupportBanner } from '../../features/support/SupportBanner'
import { topPanelHeight } from '../../lib/constants'
import { NavMenu } from './NavMenu'
import { TopPanel } from './TopPanel'

/** The frame of every logged-in screen; it also holds the real-time channel open while it is mounted. */
export function MainLayout() {
  const { user } = useSession()
  const realtime = useRealtime(user.id_client)
  usePushOwnership(user.id)
  const [isMenuOpen, menu] = useDisclosure(false)
  // Signed in: the worker that keeps the app for a dead zone and shows pushed alarms (not on /login).
  useEffect(() => registerServiceWorker(), [])
  // The manifest an install reads, in the language the app is shown in.
  const { i18n } = useTranslation()
  useEffect(() => linkManifest(document, i18n.language), [i18n.language])

  return (
    <RealtimeProvider realtime={realtime}>
      <AppShell
        header={{ height: topPanelHeight }}
        navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !isMenuOpen } }}
        padding="md"
      >
        <AppShell.Header>
          <TopPanel connection={realtime.connection} isMenuOpen={isMenuOpen} onToggleMenu={menu.toggle} />
        </AppShell.Header>
        <AppShell.Navbar>
          <AppShell.Section grow component={ScrollArea} p="xs">
            <NavMenu onNavigate={menu.close} />
          </AppShell.Section>
        </AppShell.Navbar>
        <AppShell.Main bg="var(--mantine-color-gray-0)">
          <OfflineBanner />
          <RealtimeRefusedBanner refusal={realtime.refusal} />
          <SupportBanner />
          <Outlet />
        </AppShell.Main>
      </AppShell>
      <HistoryDialogHost />
      <FirstRunDialog />
    </RealtimeProvider>
  )
}
