import { MantineProvider } from '@mantine/core'
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { i18n as I18n } from 'i18next'
import { type ReactNode, useMemo } from 'react'
import { I18nextProvider, useTranslation } from 'react-i18next'
import type { ApiClient } from '../lib/api'
import { ApiProvider } from './api-context'
import { NotificationsHost } from './NotificationsHost'
import { themeFor } from './theme'

export interface AppServices {
  i18n: I18n
  queryClient: QueryClient
  api: ApiClient
}

export function AppProviders({ services, children }: { services: AppServices; children: ReactNode }) {
  return (
    <I18nextProvider i18n={services.i18n}>
      <LocalizedMantine>
        <NotificationsHost />
        <QueryClientProvider client={services.queryClient}>
          <ApiProvider client={services.api}>{children}</ApiProvider>
        </QueryClientProvider>
      </LocalizedMantine>
    </I18nextProvider>
  )
}

/** Mantine with the theme of the current language (its decimal separator in number inputs). */
function LocalizedMantine({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation()
  const localized = useMemo(() => themeFor(i18n.language), [i18n.language])
  return <MantineProvider theme={localized}>{children}</MantineProvider>
}
