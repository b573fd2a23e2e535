import { Loader, NativeSelect } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useRealtimeChannel } from '../realtime/RealtimeContext'
import { useSession } from '../session/use-session'

/**
 * Spec 01 sections 4 and 7: a user assigned to several client accounts switches between them with
 * the `switch_client` socket request; the server then pushes `switch_client` and the page reloads.
 * Shown only when there is somewhere to switch to.
 */
interface AccountSwitcherProps {
  fullWidth?: boolean
  visibleFrom?: 'xs' | 'sm'
  hiddenFrom?: 'xs' | 'sm'
}

export function AccountSwitcher({ fullWidth = false, visibleFrom, hiddenFrom }: AccountSwitcherProps) {
  const { t } = useTranslation()
  const { user, assignedClients } = useSession()
  const { switchClient } = useRealtimeChannel()
  const [pending, setPending] = useState<number | null>(null)
  if (assignedClients.length < 2) return null

  const options = assignedClients.map((client) => ({ value: String(client.id), label: client.name }))
  if (!assignedClients.some((client) => client.id === user.id_client))
    options.unshift({ value: String(user.id_client), label: user.client_name })

  function choose(value: string) {
    const target = Number(value)
    if (!Number.isInteger(target) || target === user.id_client) return
    setPending(target)
    switchClient(target).catch(() => {
      setPending(null)
      notifications.show({ color: 'red', message: t('errors.switch_client_failed') })
    })
  }

  return (
    <NativeSelect
      size="xs"
      name="id_client"
      aria-label={t('switcher.label')}
      title={pending === null ? t('switcher.label') : t('switcher.switching')}
      data={options}
      value={String(pending ?? user.id_client)}
      disabled={pending !== null}
      rightSection={pending === null ? undefined : <Loader size={12} aria-label={t('switcher.switching')} />}
      onChange={(event) => choose(event.currentTarget.value)}
      w={fullWidth ? '100%' : undefined}
      maw={fullWidth ? undefined : 200}
      visibleFrom={visibleFrom}
      hiddenFrom={hiddenFrom}
      data-testid="account-switcher"
    />
  )
}
