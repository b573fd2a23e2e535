import { isAdmin } from '@kropla/domain'
import { Button, Checkbox, Modal, SimpleGrid, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate } from 'react-router'
import { productSlug } from '../../lib/constants'
import { useHideSplash } from '../profile/profile-api'
import { useSession } from '../session/use-session'

const seenKey = (userId: number) => `kropla.first_run_seen.${userId}`

/** Whether this browser tab already showed the dialog to this user (it comes back at the next login until switched off). */
function wasSeen(userId: number): boolean {
  try {
    return sessionStorage.getItem(seenKey(userId)) === '1'
  } catch {
    return false
  }
}

function markSeen(userId: number) {
  try {
    sessionStorage.setItem(seenKey(userId), '1')
  } catch {
    // A browser without storage shows the dialog again after a reload; nothing is lost.
  }
}

/**
 * The first-run dialog (spec 01 section 2): on the start screen of an account administrator who has
 * not switched it off, it offers the first steps: add a user, a module or a meteo station, the
 * account configuration, or straight to the app. "Do not show again" is the user's hide_splash,
 * stored on the server (settings > profile switches it back on).
 */
export function FirstRunDialog() {
  const { t } = useTranslation()
  const { user } = useSession()
  const { pathname } = useLocation()
  const navigate = useNavigate()
  const hideSplash = useHideSplash()
  const [isClosed, setClosed] = useState(() => wasSeen(user.id))
  const [isHidden, setHidden] = useState(false)
  const [error, setError] = useState(false)
  const isShown = !isClosed && !user.hide_splash && isAdmin(user.type) && pathname === '/'

  const leave = async (to?: string) => {
    if (isHidden) {
      try {
        await hideSplash.mutateAsync()
      } catch {
        setError(true)
        return
      }
    }
    markSeen(user.id)
    setClosed(true)
    if (to) void navigate(to)
  }

  const steps = [
    { key: 'add_user', to: '/settings/users?invite=1' },
    { key: 'add_module', to: `/${productSlug}_2/modules?add=1` },
    { key: 'add_meteo', to: '/settings/weather' },
    { key: 'configure', to: '/settings/profile/client' },
  ] as const

  return (
    <Modal
      opened={isShown}
      onClose={() => void leave()}
      title={t('first_run.title', { account: user.client_name })}
      size="lg"
      data-testid="first-run"
    >
      <Stack gap="md">
        <Text>{t('first_run.intro')}</Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {steps.map((step) => (
            <Button
              key={step.key}
              variant="light"
              h="auto"
              py="sm"
              styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
              onClick={() => void leave(step.to)}
              data-testid={`first-run-${step.key}`}
            >
              {t(`first_run.${step.key}`)}
            </Button>
          ))}
        </SimpleGrid>
        <Checkbox
          label={t('first_run.do_not_show')}
          checked={isHidden}
          onChange={(event) => setHidden(event.currentTarget.checked)}
        />
        {error && (
          <Text c="red.8" size="sm" role="alert">
            {t('first_run.save_failed')}
          </Text>
        )}
        <Button onClick={() => void leave()} data-testid="first-run-to-app">
          {t('first_run.to_app')}
        </Button>
      </Stack>
    </Modal>
  )
}
