import { meFixture, objectFixture } from '@kropla/domain/testing'
import { describe, expect, it } from 'vitest'
import { mergeObjectConnection } from './merge-object-connection'

describe('module connection events', () => {
  const farm = () =>
    meFixture({ objects: [objectFixture({ id: 1, connection: 1 }), objectFixture({ id: 2, connection: 1 })] })

  it('marks the module offline and nothing else', () => {
    const before = farm()
    const after = mergeObjectConnection(before, { id_object: 2, connection: 0 })
    expect(after.objects[1]?.connection).toBe(0)
    expect(after.objects[0]).toBe(before.objects[0])
  })

  it('changes nothing when the state is already shown or the module is unknown', () => {
    const before = farm()
    expect(mergeObjectConnection(before, { id_object: 1, connection: 1 })).toBe(before)
    expect(mergeObjectConnection(before, { id_object: 42, connection: 0 })).toBe(before)
  })
})
