import { matchRoutes } from 'react-router'
import { describe, expect, it } from 'vitest'
import { routes } from '../router'
import { menuAddresses, navItemsFor } from './nav-items'

const operator = 0
const admin = 1
const grower = 2

describe('the main menu', () => {
  it('offers each screen once, and every address opens a route', () => {
    for (const type of [operator, admin, grower]) {
      const addresses = menuAddresses(navItemsFor(type))
      expect(new Set(addresses).size).toBe(addresses.length)
      for (const to of addresses) expect(matchRoutes(routes, to)?.at(-1)?.route.path, to).not.toBe('*')
    }
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
