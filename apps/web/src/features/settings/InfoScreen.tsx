import { isAdmin } from '@kropla/domain'
import { useLocation } from 'react-router'
import { AccessDenied } from '../../app/ui/AccessDenied'
import { useSession } from '../session/use-session'
import { AboutScreen } from './AboutScreen'
import { HelpScreen } from './HelpScreen'
import { PaymentsScreen } from './PaymentsScreen'

/**
 * settings/help, settings/about and settings/payments as one chunk and one lazy route element: each
 * lazy screen costs the login page's entry a few bytes, and these three are small.
 */
export function InfoScreen() {
  const { pathname } = useLocation()
  const { user } = useSession()
  if (pathname.endsWith('/help')) return <HelpScreen />
  if (pathname.endsWith('/about')) return <AboutScreen />
  // Payments and subscription: account administration, for admins only (the server checks /api/client again).
  return isAdmin(user.type) ? <PaymentsScreen /> : <AccessDenied />
}
