import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { routeTable } from './index'
import { pathOf, routeKey, successStatus } from './route'

describe('the route table', () => {
  it('names each method and path once', () => {
    const keys = routeTable.map(routeKey)
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([])
  })

  it('gives every path parameter a schema, and a params schema only to a path that has them', () => {
    for (const entry of routeTable) {
      const names = [...entry.path.matchAll(/:(\w+)/g)].map((match) => match[1])
      const shape = entry.params instanceof z.ZodObject ? Object.keys(entry.params.shape) : []
      expect(shape.sort(), routeKey(entry)).toEqual(names.sort())
    }
  })

  it('declares a success answer, a summary and a tag for every route', () => {
    for (const entry of routeTable) {
      expect(successStatus(entry), routeKey(entry)).toBeLessThan(300)
      expect(entry.summary, routeKey(entry)).not.toBe('')
      expect(entry.tags.length, routeKey(entry)).toBeGreaterThan(0)
    }
  })

  it('fills a path with its parameters, encoded', () => {
    expect(pathOf({ path: '/api/sections/:id' }, { id: 7 })).toBe('/api/sections/7')
    expect(pathOf({ path: '/api/invitations/:token' }, { token: 'a/b' })).toBe('/api/invitations/a%2Fb')
    expect(() => pathOf({ path: '/api/sections/:id' })).toThrow(':id')
  })
})
