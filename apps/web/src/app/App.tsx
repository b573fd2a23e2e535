import type { i18n as I18n } from 'i18next'
import { useState } from 'react'
import { RouterProvider } from 'react-router/dom'
import { AppProviders } from './AppProviders'
import { createServices } from './create-services'
import { createAppRouter } from './router'

export function App({ i18n }: { i18n: I18n }) {
  const [services] = useState(() => createServices(i18n))
  const [router] = useState(createAppRouter)
  return (
    <AppProviders services={services}>
      <RouterProvider router={router} />
    </AppProviders>
  )
}
