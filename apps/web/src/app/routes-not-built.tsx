import type { RouteObject } from 'react-router'
import { productSlug } from '../lib/constants'
import { RequireAdmin } from './guards/RequireAdmin'
import type { NavKey } from './layout/nav-key'
import { NotBuiltScreen } from './ui/NotBuiltScreen'

/** Screens of spec 01 section 2 that later issues build: [path, title]. */
const screens: readonly (readonly [string, NavKey])[] = [
  ['reports', 'nav.reports'],
  ['reports/view', 'nav.report_view'],
  ['supervisor', 'nav.supervisor'],
  ['test', 'nav.test'],
  ['test/profile', 'nav.profile'],
  ['test/objects', 'nav.objects'],
  ['test/objects/:id', 'nav.objects'],
  ['test/groups', 'nav.groups'],
  ['test/groups/:id', 'nav.groups'],
  ['test/weather', 'nav.weather'],
  ['test/resources', 'nav.resources'],
  ['mobile', 'nav.mobile'],
  ['mobile/badge', 'nav.badge'],
  ['mobile/direction', 'nav.direction'],
  ['mobile/geolocation', 'nav.geolocation'],
  ['mobile/nfc', 'nav.nfc'],
  ['mobile/fcm', 'nav.fcm'],
  ['mobile/bluetooth', 'nav.bluetooth'],
  ['mobile/maps', 'nav.maps'],
  ['mobile/boxs', 'nav.boxs'],
  ['mobile/ble', 'nav.ble'],
  ['mobile/datadisplay', 'nav.datadisplay'],
  [`${productSlug}_2/settings`, 'nav.settings'],
]

/** The operator area's screens, relative to /admin. */
const operatorScreens: readonly (readonly [string, NavKey])[] = [
  ['adminus', 'nav.adminus'],
  ['adminus/users', 'nav.users'],
  ['adminus/users/:id', 'nav.users'],
  ['adminus/clients', 'nav.clients'],
  ['adminus/clients/:id', 'nav.clients'],
  ['adminus/devices', 'nav.devices'],
  ['adminus/devices/:id', 'nav.devices'],
  ['adminus/objects', 'nav.objects'],
  ['adminus/objects/:id', 'nav.objects'],
  ['adminus/logs', 'nav.logs'],
  ['adminus/alarms', 'nav.alarms'],
  ['adminus/users_messages', 'nav.users_messages'],
  ['adminus/users_messages/:id', 'nav.users_messages'],
]

function toRoutes(list: readonly (readonly [string, NavKey])[]): RouteObject[] {
  // The key makes React mount a fresh screen when one placeholder route gives way to another.
  return list.map(([path, titleKey]) => ({
    path,
    element: <NotBuiltScreen key={path} titleKey={titleKey} />,
  }))
}

/** Placeholders of screens only an account administrator may open. */
const adminScreens: readonly (readonly [string, NavKey])[] = [
  [`${productSlug}_2/settings/users`, 'nav.users'],
]

export const notBuiltRoutes: RouteObject[] = [
  ...toRoutes(screens),
  { element: <RequireAdmin />, children: toRoutes(adminScreens) },
]
export const notBuiltOperatorRoutes: RouteObject[] = [
  { index: true, element: <NotBuiltScreen titleKey="nav.admin" /> },
  ...toRoutes(operatorScreens),
]
