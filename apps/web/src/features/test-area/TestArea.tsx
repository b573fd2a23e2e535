import { lazy } from 'react'
import { type RouteObject, useRoutes } from 'react-router'
import { lazyScreen } from '../../app/ui/lazy-screen'
import { NotFoundScreen } from '../../app/ui/NotFoundScreen'

/*
 * /test/* (issue 16): the router loads this one chunk for the whole test area, then the screen's
 * own. Kept out of the router's chunk so the login page does not carry the area's list of screens.
 */
const TestAreaScreen = lazy(() =>
  import('./TestAreaScreen').then((module) => ({ default: module.TestAreaScreen })),
)
const TestObjectsScreen = lazy(() =>
  import('./TestObjectsScreen').then((module) => ({ default: module.TestObjectsScreen })),
)
const TestObjectScreen = lazy(() =>
  import('./TestObjectScreen').then((module) => ({ default: module.TestObjectScreen })),
)
const TestGroupsScreen = lazy(() =>
  import('./TestGroupsScreens').then((module) => ({ default: module.TestGroupsScreen })),
)
const TestGroupScreen = lazy(() =>
  import('./TestGroupsScreens').then((module) => ({ default: module.TestGroupScreen })),
)
const TestResourcesScreen = lazy(() =>
  import('./TestResourcesScreen').then((module) => ({ default: module.TestResourcesScreen })),
)
const WeatherCheckScreen = lazy(() =>
  import('../test-weather/WeatherCheckScreen').then((module) => ({ default: module.WeatherCheckScreen })),
)
const ProfileTestScreen = lazy(() =>
  import('../test-profile/ProfileTestScreen').then((module) => ({ default: module.ProfileTestScreen })),
)

/** The area's screens, by address under the area's own (the menu's test checks every address lands on one). */
export const testAreaRoutes: RouteObject[] = [
  { index: true, element: lazyScreen(TestAreaScreen) },
  { path: 'objects', element: lazyScreen(TestObjectsScreen) },
  { path: 'objects/:id', element: lazyScreen(TestObjectScreen) },
  { path: 'groups', element: lazyScreen(TestGroupsScreen) },
  { path: 'groups/:id', element: lazyScreen(TestGroupScreen) },
  { path: 'resources', element: lazyScreen(TestResourcesScreen) },
  { path: 'weather', element: lazyScreen(WeatherCheckScreen) },
  { path: 'profile', element: lazyScreen(ProfileTestScreen) },
  { path: '*', element: <NotFoundScreen /> },
]

export function TestArea() {
  // useRoutes, not <Routes>: the router's own object routes, without the JSX route reader on the login page.
  return useRoutes(testAreaRoutes)
}
