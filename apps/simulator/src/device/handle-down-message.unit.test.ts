import { type DemoModule, demoFarm } from '@kropla/domain'
import { describe, expect, it } from 'vitest'
import { createFarmWorld } from '../farm/farm-world'
import { handleDownMessage } from './handle-down-message'

const at = new Date('2026-05-01T06:00:00Z')
const valve = 'DEMO-VALVO-0001'
const modules: readonly DemoModule[] = demoFarm.modules
const newWorld = () => createFarmWorld({ modules, seed: 1, startAt: at })
const json = (value: unknown) => Buffer.from(JSON.stringify(value))
const setOutput = (id: string, outputs: Record<string, unknown>) => json({ id, type: 'set_output', outputs })

describe('answering down messages', () => {
  it('acknowledges receipt, switches the outputs, acknowledges done and reports the state', () => {
    const world = newWorld()
    const outcome = handleDownMessage(
      world,
      valve,
      'cmd',
      setOutput('c1', { o1: { on: true, minutes: 15 } }),
      at,
    )
    expect(outcome.replies).toEqual([
      { kind: 'ack', payload: { id: 'c1', result: 'received' } },
      { kind: 'ack', payload: { id: 'c1', result: 'done' } },
      {
        kind: 'state',
        payload: { ts: '2026-05-01T06:00:00Z', outputs: { o1: true, o2: false, o3: false, o4: false } },
      },
    ])
    expect(world.nextClosingAt()).toEqual(new Date('2026-05-01T06:15:00Z'))
  })

  it('refuses a command received after its expires_at, and switches nothing', () => {
    const world = newWorld()
    const late = json({
      id: 'c-late',
      type: 'set_output',
      expires_at: '2026-05-01T05:59:59Z',
      outputs: { o1: { on: true, minutes: 15, until: '2026-05-01T06:14:00Z' } },
    })
    expect(handleDownMessage(world, valve, 'cmd', late, at).replies).toEqual([
      { kind: 'ack', payload: { id: 'c-late', result: 'received' } },
      { kind: 'ack', payload: { id: 'c-late', result: 'rejected', error: 'expired' } },
    ])
    expect(world.outputs(valve)!.isOn('o1')).toBe(false)
    expect(world.nextClosingAt()).toBeNull()
  })

  it('executes a command received before its expires_at', () => {
    const world = newWorld()
    const onTime = json({
      id: 'c-on-time',
      type: 'set_output',
      expires_at: '2026-05-01T06:01:00Z',
      outputs: { o1: { on: true, minutes: 15 } },
    })
    expect(handleDownMessage(world, valve, 'cmd', onTime, at).replies[1]).toEqual({
      kind: 'ack',
      payload: { id: 'c-on-time', result: 'done' },
    })
    expect(world.outputs(valve)!.isOn('o1')).toBe(true)
  })

  it('closes a timed opening at its until when that comes before its minutes run out', () => {
    const world = newWorld()
    // Sent for a run ending 06:10 but delivered at 06:00 with the minutes it had when sent.
    const command = json({
      id: 'c-until',
      type: 'set_output',
      expires_at: '2026-05-01T06:01:00Z',
      outputs: {
        o1: { on: true, minutes: 15, until: '2026-05-01T06:10:00Z' },
        o2: { on: true, minutes: 5, until: '2026-05-01T06:30:00Z' },
      },
    })
    handleDownMessage(world, valve, 'cmd', command, at)
    expect(world.closeDueOutputs(new Date('2026-05-01T06:20:00Z'))).toEqual([
      { serial: valve, name: 'o2', at: new Date('2026-05-01T06:05:00Z') },
      { serial: valve, name: 'o1', at: new Date('2026-05-01T06:10:00Z') },
    ])
  })

  it('rejects a command naming an output the module lacks, and switches none of it', () => {
    const world = newWorld()
    const command = setOutput('c2', { o1: { on: true, minutes: null }, o7: { on: true, minutes: null } })
    const outcome = handleDownMessage(world, valve, 'cmd', command, at)
    expect(outcome.replies).toEqual([
      { kind: 'ack', payload: { id: 'c2', result: 'received' } },
      { kind: 'ack', payload: { id: 'c2', result: 'rejected', error: 'unknown output o7' } },
    ])
    expect(world.outputs(valve)!.isOn('o1')).toBe(false)
  })

  it('rejects outputs on a module that has none', () => {
    const outcome = handleDownMessage(
      newWorld(),
      'DEMO-TRIO-0001',
      'cmd',
      setOutput('c3', { o1: { on: true, minutes: 1 } }),
      at,
    )
    expect(outcome.replies.at(-1)).toEqual({
      kind: 'ack',
      payload: { id: 'c3', result: 'rejected', error: 'unknown output o1' },
    })
  })

  it('rejects an unsupported or malformed command it can still name', () => {
    const world = newWorld()
    const reboot = handleDownMessage(world, valve, 'cmd', json({ id: 'c4', type: 'reboot' }), at)
    expect(reboot.replies.at(-1)).toEqual({
      kind: 'ack',
      payload: { id: 'c4', result: 'rejected', error: 'unsupported command type reboot' },
    })
    const negative = handleDownMessage(
      world,
      valve,
      'cmd',
      setOutput('c5', { o1: { on: true, minutes: -3 } }),
      at,
    )
    expect(negative.replies.at(-1)).toMatchObject({ payload: { id: 'c5', result: 'rejected' } })
    expect(world.outputs(valve)!.isOn('o1')).toBe(false)
  })

  it('drops what it cannot acknowledge, saying why', () => {
    expect(handleDownMessage(newWorld(), valve, 'cmd', Buffer.from('{nope'), at)).toEqual({
      replies: [],
      dropped: 'malformed JSON on down/cmd',
    })
    expect(handleDownMessage(newWorld(), valve, 'cmd', json({ type: 'set_output' }), at).dropped).toMatch(
      /without an id/,
    )
  })

  it('acknowledges a config as done, or rejects one that is not an object', () => {
    expect(
      handleDownMessage(newWorld(), valve, 'config', json({ id: 'k1', config: { a: 1 } }), at).replies,
    ).toEqual([{ kind: 'ack', payload: { id: 'k1', result: 'done' } }])
    expect(handleDownMessage(newWorld(), valve, 'config', json({ id: 'k2', config: 3 }), at).replies).toEqual(
      [{ kind: 'ack', payload: { id: 'k2', result: 'rejected', error: 'config must be an object' } }],
    )
  })

  it('keeps the config and measures by it: the scales weigh net of the tare from then on', () => {
    const world = newWorld()
    const plain = newWorld()
    const scales = 'DEMO-SCALE-0001'
    const config = { properties: { tara_value: 3 }, inputs: {}, alarms: {} }
    const outcome = handleDownMessage(world, scales, 'config', json({ id: 'k3', config }), at)
    expect(outcome.replies).toEqual([{ kind: 'ack', payload: { id: 'k3', result: 'done' } }])
    expect(world.config(scales)).toEqual(config)
    expect(plain.config(scales)).toEqual({})
    const net = world.read(scales, at).WEIGHT_SUM_1 as number
    expect(net).toBeCloseTo((plain.read(scales, at).WEIGHT_SUM_1 as number) - 3, 1)
    // The retained copy a reconnect brings is the same config again, and is done again.
    expect(handleDownMessage(world, scales, 'config', json({ id: 'k3', config }), at).replies).toEqual(
      outcome.replies,
    )
    expect(world.read(scales, at).WEIGHT_SUM_1 as number).toBeCloseTo(net, 1)
  })

  it('keeps a new device secret from down/credentials and acknowledges it done', () => {
    const secret = 'a'.repeat(43)
    const outcome = handleDownMessage(newWorld(), valve, 'credentials', json({ id: 'k1', secret }), at)
    expect(outcome).toEqual({ replies: [{ kind: 'ack', payload: { id: 'k1', result: 'done' } }], secret })
  })

  it('refuses credentials without a proper secret, keeping the one it has', () => {
    const outcome = handleDownMessage(
      newWorld(),
      valve,
      'credentials',
      json({ id: 'k2', secret: '1234' }),
      at,
    )
    expect(outcome).toEqual({
      replies: [{ kind: 'ack', payload: { id: 'k2', result: 'rejected', error: 'malformed credentials' } }],
    })
  })

  it('ignores an empty message: the server clearing a retained one', () => {
    expect(handleDownMessage(newWorld(), valve, 'credentials', Buffer.alloc(0), at)).toEqual({ replies: [] })
  })
})
