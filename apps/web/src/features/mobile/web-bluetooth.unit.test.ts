import { describe, expect, it } from 'vitest'
import { batteryPercent, characteristicText } from './web-bluetooth'

const view = (...bytes: number[]) => new DataView(new Uint8Array(bytes).buffer)

describe('Bluetooth characteristics', () => {
  it('reads the battery level as a percentage', () => {
    expect(batteryPercent(view(87))).toBe(87)
    expect(batteryPercent(view(0))).toBe(0)
    expect(batteryPercent(view(100))).toBe(100)
  })

  it('gives no reading for an empty or impossible battery level', () => {
    expect(batteryPercent(view())).toBeNull()
    expect(batteryPercent(view(255))).toBeNull()
  })

  it('reads a text characteristic without its trailing NULs', () => {
    const bytes = [...new TextEncoder().encode('Nordic Semiconductor'), 0, 0]
    expect(characteristicText(view(...bytes))).toBe('Nordic Semiconductor')
    expect(characteristicText(view())).toBe('')
  })
})
