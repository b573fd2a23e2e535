import { Box, NavLink as MantineNavLink } from '@mantine/core'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { NavLink, useLocation } from 'react-router'
import { useSession } from '../../features/session/use-session'
import { AccountSwitcher } from '../../features/switcher/AccountSwitcher'
import { type NavItem, navItemsFor } from './nav-items'

export function NavMenu({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation()
  const { user } = useSession()
  return (
    <nav aria-label={t('nav.main_menu')} data-testid="main-nav">
      <Box hiddenFrom="sm" px="xs" pb="xs">
        <AccountSwitcher fullWidth />
      </Box>
      {navItemsFor(user.type).map((item) => (
        <NavEntry key={item.labelKey} item={item} onNavigate={onNavigate} />
      ))}
    </nav>
  )
}

function NavEntry({ item, onNavigate }: { item: NavItem; onNavigate: () => void }) {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  if (item.children) return <NavGroup item={item} entries={item.children} onNavigate={onNavigate} />
  return (
    <MantineNavLink
      component={NavLink}
      to={item.to ?? '/'}
      end
      label={t(item.labelKey)}
      active={pathname === item.to}
      onClick={onNavigate}
    />
  )
}

/** A group opens by itself when the current screen is one of its children, however the user got there. */
interface NavGroupProps {
  item: NavItem
  entries: readonly NavItem[]
  onNavigate: () => void
}

function NavGroup({ item, entries, onNavigate }: NavGroupProps) {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const containsCurrent = entries.some((child) => child.to === pathname)
  const [isOpen, setOpen] = useState(containsCurrent)
  useEffect(() => {
    if (containsCurrent) setOpen(true)
  }, [containsCurrent])

  return (
    <MantineNavLink label={t(item.labelKey)} opened={isOpen} onChange={setOpen}>
      {entries.map((child) => (
        <NavEntry key={child.to ?? child.labelKey} item={child} onNavigate={onNavigate} />
      ))}
    </MantineNavLink>
  )
}
