import { describe, expect, it } from 'vitest'
import { createKeyedQueue } from './keyed-queue'

describe('keyed queue', () => {
  it('applies one key in arrival order even when an earlier task waits longer', async () => {
    const queue = createKeyedQueue()
    const applied: string[] = []
    let releaseSlow!: () => void
    const slow = new Promise<void>((resolve) => {
      releaseSlow = resolve
    })
    const first = queue.run('M1', async () => {
      await slow
      applied.push('online')
    })
    const second = queue.run('M1', async () => {
      applied.push('offline')
    })
    const other = queue.run('M2', async () => {
      applied.push('other module')
    })
    await other
    expect(applied).toEqual(['other module'])
    releaseSlow()
    await Promise.all([first, second])
    expect(applied).toEqual(['other module', 'online', 'offline'])
  })

  it('goes on after a failed task', async () => {
    const queue = createKeyedQueue()
    await expect(queue.run('M1', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down')
    expect(await queue.run('M1', async () => 'next')).toBe('next')
  })
})
