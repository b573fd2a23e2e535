import { lazy, Suspense } from 'react'
import { createHashRouter, Navigate, type RouteObject } from 'react-router'
import { resourceRoutes } from '../features/resources/resource-routes'
import { withAppCatalogue } from '../lib/app-catalogue'
import { productSlug } from '../lib/constants'
import { AccessGate } from './guards/AccessGate'
import { RequireAdmin } from './guards/RequireAdmin'
import { RequireAdminus } from './guards/RequireAdminus'
import { PublicLayout, type PublicRouteHandle } from './layout/PublicLayout'
import { lazyScreen } from './ui/lazy-screen'
import { NotFoundScreen } from './ui/NotFoundScreen'
import { PendingState } from './ui/PendingState'
import { RouteErrorScreen } from './ui/RouteErrorScreen'

// React.lazy rather than route `lazy`: the router would start downloading a matched route's code
// before AccessGate sends a logged-out visitor to the login screen.
const MainLayout = lazy(() =>
  withAppCatalogue(() => import('./layout/MainLayout')).then((module) => ({ default: module.MainLayout })),
)
const DashboardScreen = lazy(() =>
  import('../features/dashboard/DashboardScreen').then((module) => ({ default: module.DashboardScreen })),
)
const SettingsScreen = lazy(() =>
  import('../features/settings/SettingsScreen').then((module) => ({ default: module.SettingsScreen })),
)
const WeatherSettingsScreen = lazy(() =>
  import('../features/weather/WeatherSettingsScreen').then((module) => ({
    default: module.WeatherSettingsScreen,
  })),
)
const ProfileScreen = lazy(() =>
  import('../features/profile/ProfileScreen').then((module) => ({ default: module.ProfileScreen })),
)
const PreferencesScreen = lazy(() =>
  import('../features/preferences/PreferencesScreen').then((module) => ({
    default: module.PreferencesScreen,
  })),
)
const SessionsScreen = lazy(() =>
  import('../features/sessions/SessionsScreen').then((module) => ({ default: module.SessionsScreen })),
)
const ClientAccountScreen = lazy(() =>
  import('../features/client-account/ClientAccountScreen').then((module) => ({
    default: module.ClientAccountScreen,
  })),
)
const UsersScreen = lazy(() =>
  import('../features/users/UsersScreen').then((module) => ({ default: module.UsersScreen })),
)
const ModulesScreen = lazy(() =>
  import('../features/modules/ModulesScreen').then((module) => ({ default: module.ModulesScreen })),
)
const AlarmsScreen = lazy(() =>
  import('../features/alarms/AlarmsScreen').then((module) => ({ default: module.AlarmsScreen })),
)
const ModuleScreen = lazy(() =>
  import('../features/modules/ModuleScreen').then((module) => ({ default: module.ModuleScreen })),
)

const ManualControlScreen = lazy(() =>
  import('../features/manual-control/ManualControlScreen').then((module) => ({
    default: module.ManualControlScreen,
  })),
)
const CalendarScreen = lazy(() =>
  import('../features/calendar/CalendarScreen').then((module) => ({ default: module.CalendarScreen })),
)

const MessagesScreen = lazy(() =>
  import('../features/messages/MessagesScreen').then((module) => ({ default: module.MessagesScreen })),
)
const AccountAuditLogScreen = lazy(() =>
  import('../features/audit/AccountAuditLogScreen').then((module) => ({
    default: module.AccountAuditLogScreen,
  })),
)

// One chunk per area, which loads its screens: the router's chunk (on the login page) stays small.
const OperatorArea = lazy(() =>
  import('../features/operator/OperatorArea').then((module) => ({ default: module.OperatorArea })),
)

const SupervisorScreen = lazy(() =>
  import('../features/supervisor/SupervisorScreen').then((module) => ({ default: module.SupervisorScreen })),
)

const MapScreen = lazy(() =>
  import('../features/map/MapScreen').then((module) => ({ default: module.MapScreen })),
)

const MobileArea = lazy(() =>
  import('../features/mobile/MobileArea').then((module) => ({ default: module.MobileArea })),
)
const TestArea = lazy(() =>
  import('../features/test-area/TestArea').then((module) => ({ default: module.TestArea })),
)

const SchedulesScreen = lazy(() =>
  import('../features/schedules/SchedulesScreen').then((module) => ({ default: module.SchedulesScreen })),
)

const ReportsCreatorScreen = lazy(() =>
  import('../features/reports/ReportsCreatorScreen').then((module) => ({
    default: module.ReportsCreatorScreen,
  })),
)
const ReportViewScreen = lazy(() =>
  import('../features/reports/ReportViewScreen').then((module) => ({ default: module.ReportViewScreen })),
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
              {
                path: 'register',
                handle: { isWide: true } satisfies PublicRouteHandle,
                lazy: async () => ({
                  Component: (await withAppCatalogue(() => import('../features/register/RegisterScreen')))
                    .RegisterScreen,
                }),
              },
              {
                path: 'pass_reset',
                lazy: async () => ({
                  Component: (await withAppCatalogue(() => import('../features/pass-reset/PassResetScreen')))
                    .PassResetScreen,
                }),
              },
            ],
          },
        ],
      },
      {
        // The invitation link works whoever is logged in on this browser: accepting starts the invitee's session.
        element: <PublicLayout />,
        children: [
          {
            path: 'invitation',
            lazy: async () => ({
              Component: (await withAppCatalogue(() => import('../features/invitation/InvitationScreen')))
                .InvitationScreen,
            }),
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
                    <DashboardScreen />
                  </Suspense>
                ),
              },
              {
                path: 'settings',
                children: [
                  { index: true, element: lazyScreen(SettingsScreen) },
                  { path: 'profile', element: lazyScreen(ProfileScreen) },
                  { path: 'preferences', element: lazyScreen(PreferencesScreen) },
                  { path: 'sessions', element: lazyScreen(SessionsScreen) },
                  { path: 'weather', element: lazyScreen(WeatherSettingsScreen) },
                  // Help, about and payments come with the overview's chunk (SettingsScreen picks them by address).
                  { path: 'help', element: lazyScreen(SettingsScreen) },
                  { path: 'about', element: lazyScreen(SettingsScreen) },
                  { path: 'payments', element: lazyScreen(SettingsScreen) },
                  {
                    element: <RequireAdmin />,
                    children: [
                      { path: 'profile/client', element: lazyScreen(ClientAccountScreen) },
                      { path: 'users', element: lazyScreen(UsersScreen) },
                      { path: 'logs', element: lazyScreen(AccountAuditLogScreen) },
                    ],
                  },
                ],
              },
              { path: 'dashboard', element: lazyScreen(DashboardScreen) },
              { path: 'dashboard/:id', element: lazyScreen(DashboardScreen) },
              { path: `${productSlug}_2/dashboard`, element: lazyScreen(DashboardScreen) },
              { path: `${productSlug}_2/dashboard/:id`, element: lazyScreen(DashboardScreen) },
              { path: 'alarms', element: lazyScreen(AlarmsScreen) },
              { path: `${productSlug}_2/modules`, element: lazyScreen(ModulesScreen) },
              { path: `${productSlug}_2/modules/:id`, element: lazyScreen(ModuleScreen) },
              { path: 'schedules', element: lazyScreen(SchedulesScreen) },
              { path: `${productSlug}_2/schedulers`, element: lazyScreen(SchedulesScreen) },
              { path: `${productSlug}_2/user_messages`, element: lazyScreen(MessagesScreen) },
              { path: 'manual_control', element: lazyScreen(ManualControlScreen) },
              { path: 'calendar', element: lazyScreen(CalendarScreen) },
              { path: 'map', element: lazyScreen(MapScreen) },
              { path: 'mobile/*', element: lazyScreen(MobileArea) },
              { path: 'test/*', element: lazyScreen(TestArea) },
              { path: `${productSlug}_2/settings`, element: lazyScreen(SettingsScreen) },
              {
                element: <RequireAdmin />,
                children: [{ path: `${productSlug}_2/settings/users`, element: lazyScreen(UsersScreen) }],
              },
              { path: 'reports', element: lazyScreen(ReportsCreatorScreen) },
              { path: 'reports/view', element: lazyScreen(ReportViewScreen) },
              ...resourceRoutes,
              {
                element: <RequireAdminus />,
                children: [{ path: 'supervisor', element: lazyScreen(SupervisorScreen) }],
              },
              {
                path: 'admin',
                element: <RequireAdminus />,
                children: [
                  { index: true, element: <Navigate to="adminus" replace /> },
                  { path: 'adminus/*', element: lazyScreen(OperatorArea) },
                ],
              },
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

/** Resolves once the router has matched the address and loaded the matched routes' code. */
export function routerInitialized(router: ReturnType<typeof createAppRouter>): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve()
    const stop = router.subscribe((state) => {
      if (!state.initialized) return
      stop()
      resolve()
    })
  })
}
