import { isAdmin } from '@kropla/domain'
import { Outlet } from 'react-router'
import { useSession } from '../../features/session/use-session'
import { AccessDenied } from '../ui/AccessDenied'

/**
 * Account administration (users, client account) is for admins (type below 2, spec 01 section 6);
 * a normal user who opens it by address sees 'Access denied'. The server checks it again.
 */
export function RequireAdmin() {
  const { user } = useSession()
  return isAdmin(user.type) ? <Outlet /> : <AccessDenied />
}
