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
 * The one main menu: each screen once, in the order a grower looks for it (today's state, then
 * what runs, then what is set up, then the account). Routes of spec 01 section 2 that open the
 * same screen under a second address (/dashboard, /{product}_2/dashboard, /{product}_2/schedulers,
 * /{product}_2/resources/devices ...) keep working but are not repeated here.
 */
export const navItems: readonly NavItem[] = [
  { labelKey: 'nav.start', to: '/' },
  { labelKey: 'nav.alarms', to: '/alarms' },
  { labelKey: 'nav.map', to: '/map' },
  { labelKey: 'nav.calendar', to: '/calendar' },
  { labelKey: 'nav.schedules', to: '/schedules' },
  { labelKey: 'nav.manual_control', to: '/manual_control' },
  { labelKey: 'nav.modules', to: `${secondGen}/modules` },
  {
    labelKey: 'nav.resources',
    children: [
      { labelKey: 'nav.outputs', to: '/resources/outputs' },
      { labelKey: 'nav.sections', to: `${secondGen}/resources/sections` },
      { labelKey: 'nav.water_sources', to: '/resources/water_sources' },
      { labelKey: 'nav.groups', to: '/resources/groups' },
      { labelKey: 'nav.devices', to: '/resources/devices' },
    ],
  },
  { labelKey: 'nav.reports', to: '/reports' },
  { labelKey: 'nav.test', to: '/test' },
  { labelKey: 'nav.mobile', to: '/mobile' },
  { labelKey: 'nav.user_messages', to: `${secondGen}/user_messages` },
  {
    labelKey: 'nav.settings',
    children: [
      { labelKey: 'nav.overview', to: '/settings' },
      ...settingsSections
        .filter((section) => !section.isInMenuElsewhere)
        .map(({ key, to, isAdminOnly }) => ({ labelKey: `nav.${key}` as const, to, isAdminOnly })),
    ],
  },
  { labelKey: 'nav.supervisor', to: '/supervisor', isOperatorOnly: true },
  {
    labelKey: 'nav.admin',
    isOperatorOnly: true,
    children: [
      { labelKey: 'nav.adminus', to: '/admin/adminus' },
      { labelKey: 'nav.clients', to: '/admin/adminus/clients' },
      { labelKey: 'nav.users', to: '/admin/adminus/users' },
      { labelKey: 'nav.devices', to: '/admin/adminus/devices' },
      { labelKey: 'nav.objects', to: '/admin/adminus/objects' },
      { labelKey: 'nav.alarms', to: '/admin/adminus/alarms' },
      { labelKey: 'nav.logs', to: '/admin/adminus/logs' },
      { labelKey: 'nav.messages', to: '/admin/adminus/messages' },
      { labelKey: 'nav.users_messages', to: '/admin/adminus/users_messages' },
      { labelKey: 'nav.message_templates', to: '/admin/adminus/message_templates' },
    ],
  },
]

/**
 * The menu a user of this type sees: the operator area only for Adminus, account administration
 * only for admins, and no heading left without entries.
 */
export function navItemsFor(userType: number, items: readonly NavItem[] = navItems): readonly NavItem[] {
  return items.flatMap((item) => {
    if (item.isOperatorOnly && !isAdminus(userType)) return []
    if (item.isAdminOnly && !isAdmin(userType)) return []
    if (!item.children) return [item]
    const children = navItemsFor(userType, item.children)
    return children.length > 0 ? [{ ...item, children }] : []
  })
}

/** Every address the menu can offer, in menu order (the phone-layout check opens each). */
export function menuAddresses(items: readonly NavItem[]): string[] {
  return items.flatMap((item) => [...(item.to ? [item.to] : []), ...menuAddresses(item.children ?? [])])
}
