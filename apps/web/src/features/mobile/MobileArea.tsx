import { lazy } from 'react'
import { type RouteObject, useRoutes } from 'react-router'
import { lazyScreen } from '../../app/ui/lazy-screen'
import { NotFoundScreen } from '../../app/ui/NotFoundScreen'

/*
 * /mobile/* (issue 16): the router loads this one chunk for the whole area, and each screen is its
 * own chunk again (the camera library, jsQR, loads only when a frame is read). Kept out of the
 * router's own chunk so the login page does not carry the area's list of screens.
 */
const MobileScreen = lazy(() => import('./MobileScreen').then((module) => ({ default: module.MobileScreen })))
const BadgeScreen = lazy(() => import('./BadgeScreen').then((module) => ({ default: module.BadgeScreen })))
const DirectionScreen = lazy(() =>
  import('./DirectionScreen').then((module) => ({ default: module.DirectionScreen })),
)
const GeolocationScreen = lazy(() =>
  import('./GeolocationScreen').then((module) => ({ default: module.GeolocationScreen })),
)
const MapsScreen = lazy(() => import('./MapsScreen').then((module) => ({ default: module.MapsScreen })))
const NfcScreen = lazy(() => import('./NfcScreen').then((module) => ({ default: module.NfcScreen })))
const FcmScreen = lazy(() => import('./FcmScreen').then((module) => ({ default: module.FcmScreen })))
const BluetoothScreen = lazy(() =>
  import('./BluetoothScreen').then((module) => ({ default: module.BluetoothScreen })),
)
const BleScreen = lazy(() => import('./BluetoothScreen').then((module) => ({ default: module.BleScreen })))
const BoxsScreen = lazy(() => import('./BoxsScreen').then((module) => ({ default: module.BoxsScreen })))
const DataDisplayScreen = lazy(() =>
  import('./DataDisplayScreen').then((module) => ({ default: module.DataDisplayScreen })),
)

/** The area's screens, by address under the area's own (the menu's test checks every address lands on one). */
export const mobileAreaRoutes: RouteObject[] = [
  { index: true, element: lazyScreen(MobileScreen) },
  { path: 'badge', element: lazyScreen(BadgeScreen) },
  { path: 'direction', element: lazyScreen(DirectionScreen) },
  { path: 'geolocation', element: lazyScreen(GeolocationScreen) },
  { path: 'maps', element: lazyScreen(MapsScreen) },
  { path: 'nfc', element: lazyScreen(NfcScreen) },
  { path: 'fcm', element: lazyScreen(FcmScreen) },
  { path: 'bluetooth', element: lazyScreen(BluetoothScreen) },
  { path: 'ble', element: lazyScreen(BleScreen) },
  { path: 'boxs', element: lazyScreen(BoxsScreen) },
  { path: 'datadisplay', element: lazyScreen(DataDisplayScreen) },
  { path: '*', element: <NotFoundScreen /> },
]

export function MobileArea() {
  // useRoutes, not <Routes>: the router's own object routes, without the JSX route reader on the login page.
  return useRoutes(mobileAreaRoutes)
}
