import { matchRoutes, type RouteObject } from 'react-router'
import { describe, expect, it } from 'vitest'
import { mobileAreaRoutes } from '../../features/mobile/MobileArea'
import { operatorAreaRoutes } from '../../features/operator/OperatorArea'
import { testAreaRoutes } from '../../features/test-area/TestArea'
import { routes } from '../router'
import { menuAddresses, navItemsFor } from './nav-items'

/** Areas the router hands a whole address space to, with the screens each has under it. */
const areas: Record<string, RouteObject[]> = {
  'mobile/*': mobileAreaRoutes,
  'test/*': testAreaRoutes,
  'adminus/*': operatorAreaRoutes,
}

/** The route an address lands on, looking inside an area; `*` where it is a "Page not found". */
function landingPath(to: string): string | undefined {
  const last = matchRoutes(routes, to)?.at(-1)
  if (!last) return undefined
  const area = last.route.path ? areas[last.route.path] : undefined
  if (!area) return last.route.path ?? 'index'
  const inside = matchRoutes(area, `/${last.params['*'] ?? ''}`)?.at(-1)
  return inside ? (inside.route.path ?? 'index') : undefined
}

const operator = 0
const admin = 1
const grower = 2

describe('the main menu', () => {
  it('offers each screen once, and every address opens a route', () => {
    for (const type of [operator, admin, grower]) {
      const addresses = menuAddresses(navItemsFor(type))
      expect(new Set(addresses).size).toBe(addresses.length)
      for (const to of addresses) {
        expect(landingPath(to), to).toBeDefined()
        expect(landingPath(to), to).not.toBe('*')
      }
    }
  })

  it('finds a mistyped address inside an area to be a missing page', () => {
    expect(landingPath('/admin/adminus/clients')).toBe('clients')
    expect(landingPath('/admin/adminus')).toBe('index')
    expect(landingPath('/admin/adminus/nowhere')).toBe('*')
    expect(landingPath('/test/nowhere')).toBe('*')
  })

  it('offers the phone features, the test area, reports and the operator area', () => {
    const addresses = menuAddresses(navItemsFor(operator))
    for (const to of ['/mobile', '/test', '/reports', '/admin/adminus/clients'])
      expect(addresses).toContain(to)
  })

  it('has one group per kind of screen: no second-generation copy, Modules reachable', () => {
    const top = navItemsFor(grower).map((item) => item.labelKey)
    expect(top).not.toContain('nav.second_gen')
    expect(top).toContain('nav.modules')
    expect(menuAddresses(navItemsFor(grower))).not.toContain('/kropla_2/schedulers')
  })

  it('shows the operator area to the operator only, user administration to admins only', () => {
    expect(menuAddresses(navItemsFor(grower)).some((to) => to.startsWith('/admin'))).toBe(false)
    expect(menuAddresses(navItemsFor(grower))).not.toContain('/settings/users')
    expect(menuAddresses(navItemsFor(admin))).toContain('/settings/users')
    expect(menuAddresses(navItemsFor(operator))).toContain('/admin/adminus/messages')
  })
})
