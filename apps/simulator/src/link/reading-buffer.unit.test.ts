import { maxBufferedReadings } from '@kropla/domain'
import { describe, expect, it } from 'vitest'
import { createReadingBuffer } from './reading-buffer'

const reading = (second: number) => ({ ts: new Date(second * 1000).toISOString(), values: { comm: 1 } })

describe('reading buffer', () => {
  it('gives back every reading once, oldest first, at most 1000 a batch', () => {
    const buffer = createReadingBuffer()
    for (let s = 0; s < 2500; s++) buffer.add('A', reading(s))
    buffer.add('B', reading(0))
    const batches = []
    for (let batch = buffer.takeBatch(); batch; batch = buffer.takeBatch()) batches.push(batch)

    expect(batches.map((batch) => [batch.serial, batch.readings.length])).toEqual([
      ['A', maxBufferedReadings],
      ['A', maxBufferedReadings],
      ['A', 500],
      ['B', 1],
    ])
    const timestamps = batches
      .filter((batch) => batch.serial === 'A')
      .flatMap((batch) => batch.readings.map((r) => r.ts))
    expect(timestamps).toEqual(Array.from({ length: 2500 }, (_, s) => reading(s).ts))
    expect(buffer.size()).toBe(0)
  })

  it('drops the oldest reading when full, and says so', () => {
    const buffer = createReadingBuffer(3)
    expect([1, 2, 3].map((s) => buffer.add('A', reading(s)))).toEqual([true, true, true])
    expect(buffer.add('A', reading(4))).toBe(false)
    expect(buffer.takeBatch()?.readings.map((r) => r.ts)).toEqual([2, 3, 4].map((s) => reading(s).ts))
  })
})
