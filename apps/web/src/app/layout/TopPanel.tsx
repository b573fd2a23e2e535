import { Anchor, Burger, Button, Group, Loader } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link, useNavigation } from 'react-router'
import { AlarmBadge } from '../../features/alarms/AlarmBadge'
import { useLogout } from '../../features/auth/use-logout'
import { LanguageSwitch } from '../../features/language/LanguageSwitch'
import { MessagesBadge } from '../../features/messages/MessagesBadge'
import type { ConnectionState } from '../../features/realtime/use-realtime'
import { useSession } from '../../features/session/use-session'
import { AccountSwitcher } from '../../features/switcher/AccountSwitcher'
import { Brand } from './Brand'
import { ConnectionIndicator } from './ConnectionIndicator'

interface TopPanelProps {
  connection: ConnectionState
  isMenuOpen: boolean
  onToggleMenu: () => void
}

export function TopPanel({ connection, isMenuOpen, onToggleMenu }: TopPanelProps) {
  const { t } = useTranslation()
  const { user } = useSession()
  const logout = useLogout()
  const isNavigating = useNavigation().state === 'loading'

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={isMenuOpen}
          onClick={onToggleMenu}
          hiddenFrom="sm"
          size="sm"
          aria-label={t('app.open_menu')}
        />
        <Link to="/" style={{ color: 'inherit', textDecoration: 'none' }}>
          <Brand compact />
        </Link>
        {isNavigating && <Loader size="xs" aria-label={t('app.loading')} />}
      </Group>
      <Group gap="sm" wrap="nowrap">
        <AlarmBadge connection={connection} />
        <MessagesBadge />
        <ConnectionIndicator state={connection} />
        <AccountSwitcher visibleFrom="sm" />
        <LanguageSwitch />
        <Anchor
          component={Link}
          to="/settings/profile"
          size="sm"
          fw={500}
          c="inherit"
          visibleFrom="md"
          data-testid="user-name"
        >
          {[user.name, user.family_name].filter(Boolean).join(' ') || user.email}
        </Anchor>
        <Button
          variant="default"
          size="xs"
          onClick={() => logout.mutate()}
          loading={logout.isPending}
          style={{ flexShrink: 0 }}
          data-testid="logout"
        >
          {t('nav.logout')}
        </Button>
      </Group>
    </Group>
  )
}
