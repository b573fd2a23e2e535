import { productSlug } from '../../lib/constants'

/** A screen reachable from /settings; its key names it in the `nav` and `settings` catalogues (`nav.profile`). */
export interface SettingsSectionLink {
  key:
    | 'profile'
    | 'preferences'
    | 'sessions'
    | 'client'
    | 'users'
    | 'logs'
    | 'weather'
    | 'regions'
    | 'geo_objects'
    | 'outputs'
    | 'devices'
    | 'groups'
    | 'water_sources'
    | 'payments'
    | 'help'
    | 'about'
  to: string
  /** Account administration: shown to administrators only. */
  isAdminOnly?: boolean
  /** The main menu already offers this screen in another group (Resources): the overview links it, the menu does not repeat it. */
  isInMenuElsewhere?: boolean
}

const secondGen = `/${productSlug}_2`

/**
 * The settings screens, in the order the settings overview (/settings and /{product}_2/settings)
 * and the main menu both list them: spec 01 section 2 "Settings content".
 */
export const settingsSections: readonly SettingsSectionLink[] = [
  { key: 'profile', to: '/settings/profile' },
  { key: 'preferences', to: '/settings/preferences' },
  { key: 'sessions', to: '/settings/sessions' },
  { key: 'client', to: '/settings/profile/client', isAdminOnly: true },
  { key: 'users', to: '/settings/users', isAdminOnly: true },
  { key: 'logs', to: '/settings/logs', isAdminOnly: true },
  { key: 'payments', to: '/settings/payments', isAdminOnly: true },
  { key: 'weather', to: '/settings/weather' },
  { key: 'regions', to: `${secondGen}/settings/regions` },
  { key: 'geo_objects', to: `${secondGen}/settings/geo_objects` },
  { key: 'outputs', to: '/resources/outputs', isInMenuElsewhere: true },
  { key: 'devices', to: '/resources/devices', isInMenuElsewhere: true },
  { key: 'groups', to: '/resources/groups', isInMenuElsewhere: true },
  { key: 'water_sources', to: '/resources/water_sources', isInMenuElsewhere: true },
  { key: 'help', to: '/settings/help' },
  { key: 'about', to: '/settings/about' },
]
