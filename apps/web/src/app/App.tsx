import type { DataRouter } from 'react-router'
import { RouterProvider } from 'react-router/dom'
import { AppProviders, type AppServices } from './AppProviders'

/** The router and the services are made before the language's catalogue arrives (main.tsx). */
export function App({ services, router }: { services: AppServices; router: DataRouter }) {
  return (
    <AppProviders services={services}>
      <RouterProvider router={router} />
    </AppProviders>
  )
}
