import { MantineProvider } from '@mantine/core'
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { i18n as I18n } from 'i18next'
import type { ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import type { ApiClient } from '../lib/api'
import { ApiProvider } from './api-context'
import { NotificationsHost } from './NotificationsHost'
import { theme } from './theme'

export interface AppServices {
  i18n: I18n
  queryClient: QueryClient
  api: ApiClient
}

export function AppProviders({ services, children }: { services: AppServices; children: ReactNode }) {
  return (
    <I18nextProvider i18n={services.i18n}>
      <MantineProvider theme={theme}>
        <NotificationsHost />
        <QueryClientProvider client={services.queryClient}>
          <ApiProvider client={services.api}>{children}</ApiProvider>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  )
}
