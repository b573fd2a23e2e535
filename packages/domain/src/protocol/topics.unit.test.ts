import { describe, expect, it } from 'vitest'
import { downFilterSerial, downTopic, isOwnDownTopic, parseUpTopic, upTopic } from './topics'

describe('device topics', () => {
  it('builds the v1 topics', () => {
    expect(upTopic('AB-1', 'data')).toBe('kropla/v1/AB-1/up/data')
    expect(downTopic('AB-1', 'cmd')).toBe('kropla/v1/AB-1/down/cmd')
  })

  it('reads the serial and kind of every up topic', () => {
    for (const kind of ['hello', 'data', 'state', 'ack', 'status'] as const) {
      expect(parseUpTopic(upTopic('DEMO-ENV-0001', kind))).toEqual({ serial: 'DEMO-ENV-0001', kind })
    }
  })

  it.each([
    'kropla/v1/AB-1/up/weather',
    'kropla/v2/AB-1/up/data',
    'other/v1/AB-1/up/data',
    'kropla/v1/AB-1/down/cmd',
    'kropla/v1/AB-1/up/data/extra',
    'kropla/v1//up/data',
    'kropla/v1/+/up/data',
    'kropla/v1/#',
    '/kropla/v1/AB-1/up/data',
    '',
  ])('does not take %j for an up topic', (topic) => {
    expect(parseUpTopic(topic)).toBeNull()
  })

  it('lets a module subscribe to its own down topics', () => {
    expect(isOwnDownTopic('AB-1', 'kropla/v1/AB-1/down/#')).toBe(true)
    expect(isOwnDownTopic('AB-1', 'kropla/v1/AB-1/down/cmd')).toBe(true)
    expect(isOwnDownTopic('AB-1', 'kropla/v1/AB-1/down/+')).toBe(true)
  })

  it.each([
    'kropla/v1/AB-2/down/#',
    'kropla/v1/AB-10/down/#',
    'kropla/v1/AB/down/#',
    'kropla/v1/+/down/#',
    'kropla/v1/+/down/cmd',
    'kropla/v1/#',
    'kropla/#',
    '#',
    '+/v1/AB-1/down/#',
    'kropla/+/AB-1/down/#',
    'kropla/v1/AB-1/#',
    'kropla/v1/AB-1/up/data',
    'kropla/v1/AB-1/down',
    'kropla/v2/AB-1/down/#',
    '$share/group/kropla/v1/AB-1/down/#',
  ])('does not let AB-1 subscribe to %j', (filter) => {
    expect(isOwnDownTopic('AB-1', filter)).toBe(false)
  })

  it('names the serial of a down subscription, for a base station relaying its modules', () => {
    expect(downFilterSerial('kropla/v1/AB-2/down/#')).toBe('AB-2')
    expect(downFilterSerial('kropla/v1/AB-2/down/cmd')).toBe('AB-2')
    for (const filter of [
      'kropla/v1/+/down/#',
      'kropla/v1/#',
      'kropla/v1/AB-2/up/data',
      'kropla/v1/AB-2/down',
      '#',
    ])
      expect(downFilterSerial(filter)).toBeNull()
  })
})
