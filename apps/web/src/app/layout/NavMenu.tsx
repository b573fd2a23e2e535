import { isAdminus } from '@kropla/domain'
import { NavLink as MantineNavLink } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { NavLink, useLocation } from 'react-router'
import { useSession } from '../../features/session/useSession'
import { type NavItem, navItemsFor } from './nav-items'

export function NavMenu({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation()
  const { user } = useSession()
  const { pathname } = useLocation()

  function render(item: NavItem) {
    if (item.children) {
      const containsCurrent = item.children.some((child) => child.to === pathname)
      return (
        <MantineNavLink key={item.labelKey} label={t(item.labelKey)} defaultOpened={containsCurrent}>
          {item.children.map(render)}
        </MantineNavLink>
      )
    }
    return (
      <MantineNavLink
        key={item.to}
        component={NavLink}
        to={item.to ?? '/'}
        end
        label={t(item.labelKey)}
        active={pathname === item.to}
        onClick={onNavigate}
      />
    )
  }

  return (
    <nav aria-label={t('nav.main_menu')} data-testid="main-nav">
      {navItemsFor(isAdminus(user.type)).map(render)}
    </nav>
  )
}
