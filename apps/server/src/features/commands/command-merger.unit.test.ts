import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { createCommandMerger } from './command-merger'
import type { CommandOutputs } from './commands-dal'

/** The merger against a stand-in command service: what it sends, and a command that is done at once. */
function mergerSendingTo(sent: CommandOutputs[]) {
  return createCommandMerger({
    commands: {
      assertCommandable: async () => undefined,
      send: async ({ outputs }) => {
        sent.push(outputs)
        return { id: `c${sent.length}` }
      },
      settled: async (id) => ({ id, status: 10 }) as never,
    },
    logger: pino({ level: 'silent' }),
    mergeMs: 10,
  })
}

describe('merging set-output orders', () => {
  it('lets the later order win for an output even when the earlier one reaches the merger last', async () => {
    const sent: CommandOutputs[] = []
    const merger = mergerSendingTo(sent)
    const order = { idClient: 1, idObject: 7, idUser: 3 }
    const later = merger.request({ ...order, seq: 2, outputs: { o1: { on: false, minutes: null } } })
    const earlier = merger.request({
      ...order,
      seq: 1,
      outputs: { o1: { on: true, minutes: 5 }, o2: { on: true, minutes: null } },
    })
    expect(await Promise.all([later, earlier])).toEqual([
      { ok: true, id: 'c1' },
      { ok: true, id: 'c1' },
    ])
    expect(sent).toEqual([{ o1: { on: false, minutes: null }, o2: { on: true, minutes: null } }])
  })
})
