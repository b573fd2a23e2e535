import { createHashRouter, type RouteObject } from 'react-router'
import { AccessGate } from './guards/AccessGate'
import { RequireAdminus } from './guards/RequireAdminus'
import { PublicLayout } from './layout/PublicLayout'
import { PublicNotBuiltScreen } from './layout/PublicNotBuiltScreen'
import { notBuiltOperatorRoutes, notBuiltRoutes } from './routes-not-built'
import { NotFoundScreen } from './ui/NotFoundScreen'
import { PendingState } from './ui/PendingState'
import { RouteErrorScreen } from './ui/RouteErrorScreen'

/**
 * Spec 01 section 2, hash-style addresses. Screens load as separate chunks, so the login screen
 * never downloads the main layout, the socket client or the dashboard.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    errorElement: <RouteErrorScreen />,
    hydrateFallbackElement: <PendingState fullPage />,
    children: [
      {
        element: <AccessGate area="public" />,
        children: [
          {
            element: <PublicLayout />,
            children: [
              {
                path: 'login',
                lazy: async () => ({ Component: (await import('../features/auth/LoginScreen')).LoginScreen }),
              },
              { path: 'register', element: <PublicNotBuiltScreen titleKey="login.register" /> },
              { path: 'pass_reset', element: <PublicNotBuiltScreen titleKey="login.forgot" /> },
            ],
          },
        ],
      },
      {
        element: <AccessGate area="private" />,
        children: [
          {
            lazy: async () => ({ Component: (await import('./layout/MainLayout')).MainLayout }),
            children: [
              {
                index: true,
                lazy: async () => ({
                  Component: (await import('../features/dashboard/StartScreen')).StartScreen,
                }),
              },
              ...notBuiltRoutes,
              { path: 'admin', element: <RequireAdminus />, children: notBuiltOperatorRoutes },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundScreen /> },
    ],
  },
]

export function createAppRouter() {
  return createHashRouter(routes)
}
