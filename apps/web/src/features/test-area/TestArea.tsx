import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react'
import { type RouteObject, useRoutes } from 'react-router'
import { NotFoundScreen } from '../../app/ui/NotFoundScreen'
import { PendingState } from '../../app/ui/PendingState'

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

function screen(Screen: LazyExoticComponent<ComponentType>) {
  return (
    <Suspense fallback={<PendingState />}>
      <Screen />
    </Suspense>
  )
}

/** The area's screens, by address under the area's own (the menu's test checks every address lands on one). */
export const testAreaRoutes: RouteObject[] = [
  { index: true, element: screen(TestAreaScreen) },
  { path: 'objects', element: screen(TestObjectsScreen) },
  { path: 'objects/:id', element: screen(TestObjectScreen) },
  { path: 'groups', element: screen(TestGroupsScreen) },
  { path: 'groups/:id', element: screen(TestGroupScreen) },
  { path: 'resources', element: screen(TestResourcesScreen) },
  { path: 'weather', element: screen(WeatherCheckScreen) },
  { path: 'profile', element: screen(ProfileTestScreen) },
  { path: '*', element: <NotFoundScreen /> },
]

export function TestArea() {
  // useRoutes, not <Routes>: the router's own object routes, without the JSX route reader on the login page.
  return useRoutes(testAreaRoutes)
}
