import { afterEach, describe, expect, it, vi } from 'vitest'
import type { RealtimeSocket } from '../../lib/socket'
import { emitWithTimeout, requestWithAck } from './emit-with-timeout'

/** A socket whose server answers `reply` (or stays silent when it is undefined). */
const socketAnswering = (reply?: unknown) =>
  ({
    emit: (_event: string, _payload: unknown, ack: (reply: unknown) => void) => {
      if (reply !== undefined) ack(reply)
    },
  }) as unknown as RealtimeSocket

const okSchema = {
  safeParse: (input: unknown) =>
    typeof input === 'object' && input !== null && 'ok' in input
      ? { success: true as const, data: input as { ok: true } }
      : { success: false as const },
}

describe('emitWithTimeout', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('answers the reply, no channel, or no reply in time', async () => {
    expect(await emitWithTimeout(socketAnswering({ ok: true }), 'x', {}, 1000)).toEqual({
      reply: { ok: true },
    })
    expect(await emitWithTimeout(null, 'x', {}, 1000)).toEqual({ failure: 'not_connected' })
    vi.useFakeTimers()
    const silent = emitWithTimeout(socketAnswering(), 'x', {}, 1000)
    vi.advanceTimersByTime(1000)
    expect(await silent).toEqual({ failure: 'timeout' })
  })

  it('checks an acknowledgement with its schema; a reply outside it is an internal failure', async () => {
    expect(await requestWithAck(socketAnswering({ ok: true }), 'x', {}, 1000, okSchema)).toEqual({ ok: true })
    expect(await requestWithAck(socketAnswering({ nonsense: 1 }), 'x', {}, 1000, okSchema)).toEqual({
      err: 'internal',
      message: '',
    })
    expect(await requestWithAck(null, 'x', {}, 1000, okSchema)).toEqual({ err: 'not_connected', message: '' })
  })
})
