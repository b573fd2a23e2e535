import type { RouteObject } from 'react-router'
import type { NavKey } from './layout/nav-key'
import { NotBuiltScreen } from './ui/NotBuiltScreen'

/**
 * Screens of spec 01 section 2 that later issues build: [path, title]. The addresses keep working
 * (a placeholder says so), and the main menu never offers them (`isBuilt` in layout/nav-items.ts
 * reads these routes). Building a screen = delete its line here and add the real route; the menu shows it at once.
 */
const screens: readonly (readonly [string, NavKey])[] = [
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
]

/** The operator area's screens, relative to /admin. */
const operatorScreens: readonly (readonly [string, NavKey])[] = []

function toRoutes(list: readonly (readonly [string, NavKey])[]): RouteObject[] {
  // The key makes React mount a fresh screen when one placeholder route gives way to another.
  return list.map(([path, titleKey]) => ({
    path,
    element: <NotBuiltScreen key={path} titleKey={titleKey} />,
  }))
}

export const notBuiltRoutes: RouteObject[] = toRoutes(screens)
export const notBuiltOperatorRoutes: RouteObject[] = toRoutes(operatorScreens)
