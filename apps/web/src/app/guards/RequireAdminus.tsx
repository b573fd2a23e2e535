import { isAdminus } from '@kropla/domain'
import { Outlet } from 'react-router'
import { useSession } from '../../features/session/use-session'
import { AccessDenied } from '../ui/AccessDenied'

/** The operator area (/admin) is for Adminus only; anyone else sees 'Access denied' (spec 01 section 6). */
export function RequireAdminus() {
  const { user } = useSession()
  return isAdminus(user.type) ? <Outlet /> : <AccessDenied />
}
