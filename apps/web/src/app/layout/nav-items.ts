import { isAdmin, isAdminus } from '@kropla/domain'
import { settingsSections } from '../../features/settings/settings-sections'
import { productSlug } from '../../lib/constants'
import type { NavKey } from './nav-key'

export interface NavItem {
  labelKey: NavKey
  /** Absent for a heading that only groups its children. */
  to?: string
  children?: readonly NavItem[]
  /** Shown to Adminus only (user type 0). */
  isOperatorOnly?: boolean
  /** Shown to administrators only (user type below 2). */
  isAdminOnly?: boolean
}

const secondGen = `/${productSlug}_2`

/**
 * Every screen of spec 01 section 2 that can be opened without an id; screens with an id
 * (/dashboard/{id}, /resources/outputs/{id} ...) open from their lists.
 */
export const navItems: readonly NavItem[] = [
  { labelKey: 'nav.start', to: '/' },
  { labelKey: 'nav.dashboard', to: '/dashboard' },
  { labelKey: 'nav.calendar', to: '/calendar' },
  { labelKey: 'nav.manual_control', to: '/manual_control' },
  { labelKey: 'nav.schedules', to: '/schedules' },
  { labelKey: 'nav.alarms', to: '/alarms' },
  { labelKey: 'nav.map', to: '/map' },
  {
    labelKey: 'nav.reports',
    children: [
      { labelKey: 'nav.reports', to: '/reports' },
      { labelKey: 'nav.report_view', to: '/reports/view' },
    ],
  },
  {
    labelKey: 'nav.resources',
    children: [
      { labelKey: 'nav.outputs', to: '/resources/outputs' },
      { labelKey: 'nav.water_sources', to: '/resources/water_sources' },
      { labelKey: 'nav.groups', to: '/resources/groups' },
      { labelKey: 'nav.devices', to: '/resources/devices' },
    ],
  },
  {
    labelKey: 'nav.settings',
    children: [
      { labelKey: 'nav.overview', to: '/settings' },
      ...settingsSections.map(({ key, to, isAdminOnly }) => ({
        labelKey: `nav.${key}` as const,
        to,
        isAdminOnly,
      })),
    ],
  },
  { labelKey: 'nav.supervisor', to: '/supervisor' },
  {
    labelKey: 'nav.second_gen',
    children: [
      { labelKey: 'nav.dashboard', to: `${secondGen}/dashboard` },
      { labelKey: 'nav.schedulers', to: `${secondGen}/schedulers` },
      { labelKey: 'nav.modules', to: `${secondGen}/modules` },
      { labelKey: 'nav.sections', to: `${secondGen}/resources/sections` },
      { labelKey: 'nav.devices', to: `${secondGen}/resources/devices` },
      { labelKey: 'nav.water_sources', to: `${secondGen}/resources/water_sources` },
      { labelKey: 'nav.user_messages', to: `${secondGen}/user_messages` },
      { labelKey: 'nav.settings', to: `${secondGen}/settings` },
      { labelKey: 'nav.users', to: `${secondGen}/settings/users`, isAdminOnly: true },
      { labelKey: 'nav.regions', to: `${secondGen}/settings/regions` },
      { labelKey: 'nav.geo_objects', to: `${secondGen}/settings/geo_objects` },
    ],
  },
  {
    labelKey: 'nav.test',
    children: [
      { labelKey: 'nav.overview', to: '/test' },
      { labelKey: 'nav.profile', to: '/test/profile' },
      { labelKey: 'nav.objects', to: '/test/objects' },
      { labelKey: 'nav.groups', to: '/test/groups' },
      { labelKey: 'nav.weather', to: '/test/weather' },
      { labelKey: 'nav.resources', to: '/test/resources' },
    ],
  },
  {
    labelKey: 'nav.mobile',
    children: [
      { labelKey: 'nav.overview', to: '/mobile' },
      { labelKey: 'nav.badge', to: '/mobile/badge' },
      { labelKey: 'nav.direction', to: '/mobile/direction' },
      { labelKey: 'nav.geolocation', to: '/mobile/geolocation' },
      { labelKey: 'nav.nfc', to: '/mobile/nfc' },
      { labelKey: 'nav.fcm', to: '/mobile/fcm' },
      { labelKey: 'nav.bluetooth', to: '/mobile/bluetooth' },
      { labelKey: 'nav.maps', to: '/mobile/maps' },
      { labelKey: 'nav.boxs', to: '/mobile/boxs' },
      { labelKey: 'nav.ble', to: '/mobile/ble' },
      { labelKey: 'nav.datadisplay', to: '/mobile/datadisplay' },
    ],
  },
  {
    labelKey: 'nav.admin',
    isOperatorOnly: true,
    children: [
      { labelKey: 'nav.adminus', to: '/admin/adminus' },
      { labelKey: 'nav.users', to: '/admin/adminus/users' },
      { labelKey: 'nav.clients', to: '/admin/adminus/clients' },
      { labelKey: 'nav.devices', to: '/admin/adminus/devices' },
      { labelKey: 'nav.objects', to: '/admin/adminus/objects' },
      { labelKey: 'nav.logs', to: '/admin/adminus/logs' },
      { labelKey: 'nav.alarms', to: '/admin/adminus/alarms' },
      { labelKey: 'nav.messages', to: '/admin/adminus/messages' },
      { labelKey: 'nav.users_messages', to: '/admin/adminus/users_messages' },
      { labelKey: 'nav.message_templates', to: '/admin/adminus/message_templates' },
    ],
  },
]

/** The menu a user of this type sees: the operator area only for Adminus, account administration only for admins. */
export function navItemsFor(userType: number, items: readonly NavItem[] = navItems): readonly NavItem[] {
  return items
    .filter(
      (item) => (!item.isOperatorOnly || isAdminus(userType)) && (!item.isAdminOnly || isAdmin(userType)),
    )
    .map((item) => (item.children ? { ...item, children: navItemsFor(userType, item.children) } : item))
}
