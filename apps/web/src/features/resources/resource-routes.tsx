import { type ComponentType, type LazyExoticComponent, lazy } from 'react'
import type { RouteObject } from 'react-router'
import { lazyScreen } from '../../app/ui/lazy-screen'
import { productSlug } from '../../lib/constants'

// React.lazy like the other screens: each list and form is its own chunk, loaded once the access gate let the user in.
const OutputsScreen = lazy(() =>
  import('../outputs/EquipmentListScreens').then((module) => ({ default: module.OutputsScreen })),
)
const DevicesScreen = lazy(() =>
  import('../outputs/EquipmentListScreens').then((module) => ({ default: module.DevicesScreen })),
)
const EquipmentScreen = lazy(() =>
  import('../outputs/EquipmentScreen').then((module) => ({ default: module.EquipmentScreen })),
)
const WaterSourcesScreen = lazy(() =>
  import('../water-sources/WaterSourcesScreen').then((module) => ({ default: module.WaterSourcesScreen })),
)
const WaterSourceScreen = lazy(() =>
  import('../water-sources/WaterSourceScreen').then((module) => ({ default: module.WaterSourceScreen })),
)
const GroupsScreen = lazy(() =>
  import('../groups/GroupsScreen').then((module) => ({ default: module.GroupsScreen })),
)
const GroupScreen = lazy(() =>
  import('../groups/GroupScreen').then((module) => ({ default: module.GroupScreen })),
)
const SectionsScreen = lazy(() =>
  import('../sections/SectionsScreen').then((module) => ({ default: module.SectionsScreen })),
)
const RegionsScreen = lazy(() =>
  import('../regions/RegionsScreen').then((module) => ({ default: module.RegionsScreen })),
)
const GeoObjectsScreen = lazy(() =>
  import('../regions/GeoObjectsScreen').then((module) => ({ default: module.GeoObjectsScreen })),
)

function screen(path: string, Screen: LazyExoticComponent<ComponentType>): RouteObject {
  return { path, element: lazyScreen(Screen) }
}

/** Spec 01 section 2: /resources/* and the second-generation resource and map settings screens. */
export const resourceRoutes: RouteObject[] = [
  // /resources has no screen of its own in spec 01: it shows the first resource list, the outputs.
  screen('resources', OutputsScreen),
  screen('resources/outputs', OutputsScreen),
  screen('resources/outputs/:id', EquipmentScreen),
  screen('resources/devices', DevicesScreen),
  screen(`${productSlug}_2/resources/devices`, DevicesScreen),
  screen('resources/water_sources', WaterSourcesScreen),
  screen(`${productSlug}_2/resources/water_sources`, WaterSourcesScreen),
  screen('resources/water_sources/:id', WaterSourceScreen),
  screen('resources/groups', GroupsScreen),
  screen('resources/groups/:id', GroupScreen),
  screen(`${productSlug}_2/resources/sections`, SectionsScreen),
  screen(`${productSlug}_2/settings/regions`, RegionsScreen),
  screen(`${productSlug}_2/settings/geo_objects`, GeoObjectsScreen),
]
