import type { Lang } from '@kropla/i18n/lang'
import { renderToString } from 'react-dom/server'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { AppProviders } from '../app/AppProviders'
import { createServices } from '../app/create-services'
import { PublicLayout } from '../app/layout/PublicLayout'
import { LoginScreen } from '../features/auth/LoginScreen'
import { createI18n } from '../lib/i18n'

/**
 * The login screen as static markup in `lang`, for index.html (issue 11, item 7): a visitor without
 * a session sees the form at the first paint instead of after the scripts. It is wrapped `inert`
 * (it looks the same but takes no input: what is typed before the app takes over would be lost);
 * the app's first render replaces it with the same screen, live.
 */
export function renderLoginShell(lang: Lang): string {
  const services = createServices(createI18n(lang), {
    fetch: () => Promise.reject(new Error('the login shell is rendered without a server')),
  })
  const router = createMemoryRouter(
    [{ element: <PublicLayout />, children: [{ path: 'login', element: <LoginScreen /> }] }],
    { initialEntries: ['/login'] },
  )
  const markup = renderToString(
    <AppProviders services={services}>
      <RouterProvider router={router} />
    </AppProviders>,
  )
  return `<div inert>${markup}</div>`
}
