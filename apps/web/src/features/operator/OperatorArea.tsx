import { lazy, Suspense } from 'react'
import { type RouteObject, useRoutes } from 'react-router'
import { lazyScreen } from '../../app/ui/lazy-screen'
import { NotFoundScreen } from '../../app/ui/NotFoundScreen'
import { PendingState } from '../../app/ui/PendingState'

/*
 * /admin/adminus/* (the operator's back office): the router loads this one chunk for the whole area, then
 * the screen's own. Kept out of the router's chunk so the login page does not carry the area's
 * list of screens. The router has already checked the user is the operator (RequireAdminus).
 */
const operator = () => import('./operator-screens')
const OverviewScreen = lazy(() => operator().then((m) => ({ default: m.OverviewScreen })))
const ClientsScreen = lazy(() => operator().then((m) => ({ default: m.ClientsScreen })))
const ClientScreen = lazy(() => operator().then((m) => ({ default: m.ClientScreen })))
const OperatorUsersScreen = lazy(() => operator().then((m) => ({ default: m.OperatorUsersScreen })))
const OperatorUserScreen = lazy(() => operator().then((m) => ({ default: m.OperatorUserScreen })))
const DevicesScreen = lazy(() => operator().then((m) => ({ default: m.DevicesScreen })))
const ObjectsScreen = lazy(() => operator().then((m) => ({ default: m.ObjectsScreen })))
const FleetModuleScreen = lazy(() => operator().then((m) => ({ default: m.FleetModuleScreen })))
const OperatorAlarmsScreen = lazy(() => operator().then((m) => ({ default: m.OperatorAlarmsScreen })))
const UsersMessagesScreen = lazy(() => operator().then((m) => ({ default: m.UsersMessagesScreen })))
const UsersMessageScreen = lazy(() => operator().then((m) => ({ default: m.UsersMessageScreen })))
const AdminMessagesScreen = lazy(() =>
  import('../admin-messages/AdminMessagesScreen').then((m) => ({ default: m.AdminMessagesScreen })),
)
const MessageTemplatesScreen = lazy(() =>
  import('../admin-messages/MessageTemplatesScreen').then((m) => ({ default: m.MessageTemplatesScreen })),
)
const AdminAuditLogScreen = lazy(() =>
  import('../audit/AdminAuditLogScreen').then((m) => ({ default: m.AdminAuditLogScreen })),
)

function fleetModule(base: 'devices' | 'objects') {
  return (
    <Suspense fallback={<PendingState />}>
      <FleetModuleScreen key={base} base={base} />
    </Suspense>
  )
}

/** The area's screens, by address under the area's own (the menu's test checks every address lands on one). */
export const operatorAreaRoutes: RouteObject[] = [
  { index: true, element: lazyScreen(OverviewScreen) },
  { path: 'clients', element: lazyScreen(ClientsScreen) },
  { path: 'clients/:id', element: lazyScreen(ClientScreen) },
  { path: 'users', element: lazyScreen(OperatorUsersScreen) },
  { path: 'users/:id', element: lazyScreen(OperatorUserScreen) },
  { path: 'devices', element: lazyScreen(DevicesScreen) },
  { path: 'devices/:id', element: fleetModule('devices') },
  { path: 'objects', element: lazyScreen(ObjectsScreen) },
  { path: 'objects/:id', element: fleetModule('objects') },
  { path: 'alarms', element: lazyScreen(OperatorAlarmsScreen) },
  { path: 'users_messages', element: lazyScreen(UsersMessagesScreen) },
  { path: 'users_messages/:id', element: lazyScreen(UsersMessageScreen) },
  { path: 'messages', element: lazyScreen(AdminMessagesScreen) },
  { path: 'message_templates', element: lazyScreen(MessageTemplatesScreen) },
  { path: 'logs', element: lazyScreen(AdminAuditLogScreen) },
  { path: '*', element: <NotFoundScreen /> },
]

export function OperatorArea() {
  // useRoutes, not <Routes>: the router's own object routes, without the JSX route reader on the login page.
  return useRoutes(operatorAreaRoutes)
}
