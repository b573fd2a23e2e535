import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react'
import { createHashRouter, Navigate, type RouteObject } from 'react-router'
import { resourceRoutes } from '../features/resources/resource-routes'
import { withAppCatalogue } from '../lib/app-catalogue'
import { productSlug } from '../lib/constants'
import { AccessGate } from './guards/AccessGate'
import { RequireAdmin } from './guards/RequireAdmin'
import { RequireAdminus } from './guards/RequireAdminus'
import { PublicLayout, type PublicRouteHandle } from './layout/PublicLayout'
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

function screen(Screen: LazyExoticComponent<ComponentType>) {
  return (
    <Suspense fallback={<PendingState />}>
      <Screen />
    </Suspense>
  )
}

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
                  { index: true, element: screen(SettingsScreen) },
                  { path: 'profile', element: screen(ProfileScreen) },
                  { path: 'preferences', element: screen(PreferencesScreen) },
                  { path: 'sessions', element: screen(SessionsScreen) },
                  { path: 'weather', element: screen(WeatherSettingsScreen) },
                  // Help, about and payments come with the overview's chunk (SettingsScreen picks them by address).
                  { path: 'help', element: screen(SettingsScreen) },
                  { path: 'about', element: screen(SettingsScreen) },
                  { path: 'payments', element: screen(SettingsScreen) },
                  {
                    element: <RequireAdmin />,
                    children: [
                      { path: 'profile/client', element: screen(ClientAccountScreen) },
                      { path: 'users', element: screen(UsersScreen) },
                      { path: 'logs', element: screen(AccountAuditLogScreen) },
                    ],
                  },
                ],
              },
              { path: 'dashboard', element: screen(DashboardScreen) },
              { path: 'dashboard/:id', element: screen(DashboardScreen) },
              { path: `${productSlug}_2/dashboard`, element: screen(DashboardScreen) },
              { path: `${productSlug}_2/dashboard/:id`, element: screen(DashboardScreen) },
              { path: 'alarms', element: screen(AlarmsScreen) },
              { path: `${productSlug}_2/modules`, element: screen(ModulesScreen) },
              { path: `${productSlug}_2/modules/:id`, element: screen(ModuleScreen) },
              { path: 'schedules', element: screen(SchedulesScreen) },
              { path: `${productSlug}_2/schedulers`, element: screen(SchedulesScreen) },
              { path: `${productSlug}_2/user_messages`, element: screen(MessagesScreen) },
              { path: 'manual_control', element: screen(ManualControlScreen) },
              { path: 'calendar', element: screen(CalendarScreen) },
              { path: 'map', element: screen(MapScreen) },
              { path: 'mobile/*', element: screen(MobileArea) },
              { path: 'test/*', element: screen(TestArea) },
              { path: `${productSlug}_2/settings`, element: screen(SettingsScreen) },
              {
                element: <RequireAdmin />,
                children: [{ path: `${productSlug}_2/settings/users`, element: screen(UsersScreen) }],
              },
              { path: 'reports', element: screen(ReportsCreatorScreen) },
              { path: 'reports/view', element: screen(ReportViewScreen) },
              ...resourceRoutes,
              {
                element: <RequireAdminus />,
                children: [{ path: 'supervisor', element: screen(SupervisorScreen) }],
              },
              {
                path: 'admin',
                element: <RequireAdminus />,
                children: [
                  { index: true, element: <Navigate to="adminus" replace /> },
                  { path: 'adminus/*', element: screen(OperatorArea) },
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
