import { lazy, Suspense } from 'react'
import { createHashRouter, type RouteObject } from 'react-router'
import { AccessGate } from './guards/AccessGate'
import { RequireAdminus } from './guards/RequireAdminus'
import { PublicLayout } from './layout/PublicLayout'
import { PublicNotBuiltScreen } from './layout/PublicNotBuiltScreen'
import { notBuiltOperatorRoutes, notBuiltRoutes } from './routes-not-built'
import { NotFoundScreen } from './ui/NotFoundScreen'
import { PendingState } from './ui/PendingState'
import { RouteErrorScreen } from './ui/RouteErrorScreen'

// React.lazy rather than route `lazy`: the router would start downloading a matched route's code
// before AccessGate sends a logged-out visitor to the login screen.
const MainLayout = lazy(() =>
  import('./layout/MainLayout').then((module) => ({ default: module.MainLayout })),
)
const StartScreen = lazy(() =>
  import('../features/dashboard/StartScreen').then((module) => ({ default: module.StartScreen })),
)

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
            element: (
              <Suspense fallback={<PendingState fullPage />}>
                <MainLayout />
              </Suspense>
            ),
            children: [
              {
                index: true,
                element: (
                  <Suspense fallback={<PendingState />}>
                    <StartScreen />
                  </Suspense>
                ),
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
