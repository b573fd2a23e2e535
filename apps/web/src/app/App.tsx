import type { i18n as I18n } from 'i18next'
import { useState } from 'react'
import type { DataRouter } from 'react-router'
import { RouterProvider } from 'react-router/dom'
import { AppProviders } from './AppProviders'
import { createServices } from './create-services'

/** The router is made before the language's catalogue arrives, so the screen's chunk loads meanwhile. */
export function App({ i18n, router }: { i18n: I18n; router: DataRouter }) {
  const [services] = useState(() => createServices(i18n))
  return (
    <AppProviders services={services}>
      <RouterProvider router={router} />
    </AppProviders>
  )
}
