import { describe, expect, it } from 'vitest'
import { isPermanentWriteError, writeSplittingRefused } from './split-refused-batch'

const refusal = (code: string) => Object.assign(new Error(`refused ${code}`), { code })

describe('isPermanentWriteError', () => {
  it.each(['22007', '22008', '22021', '23505', '23514'])('gives up on the data error %s', (code) => {
    expect(isPermanentWriteError(refusal(code))).toBe(true)
  })

  it.each(['08006', '40001', '40P01', '57P01', '53300', '42P01', 'ECONNRESET', undefined])(
    'retries %s (connection, serialization, shutdown, no SQLSTATE)',
    (code) => {
      expect(isPermanentWriteError(code ? refusal(code) : new Error('Connection terminated'))).toBe(false)
    },
  )
})

describe('writeSplittingRefused', () => {
  /** A stand-in database that refuses any write containing a negative number. */
  const writes: number[][] = []
  const write = async (rows: readonly number[]) => {
    writes.push([...rows])
    if (rows.some((row) => row < 0)) throw refusal('23514')
    return rows.length
  }

  it('stores every row but the refused ones, in a few statements', async () => {
    writes.length = 0
    const rows = Array.from({ length: 64 }, (_, i) => (i === 5 || i === 40 ? -i : i))
    const outcome = await writeSplittingRefused(rows, write)
    expect(outcome.refused.map(({ row }) => row)).toEqual([-5, -40])
    expect(outcome.stored.reduce((sum, count) => sum + count, 0)).toBe(62)
    // Two bad rows among 64: at most 2 * 2 * log2(64) + 1 statements.
    expect(writes.length).toBeLessThanOrEqual(25)
  })

  it('writes a clean batch once', async () => {
    writes.length = 0
    expect(await writeSplittingRefused([1, 2, 3], write)).toEqual({ stored: [3], refused: [] })
    expect(writes).toEqual([[1, 2, 3]])
  })

  it('passes a failure that is not the data on to the caller', async () => {
    const lost = Object.assign(new Error('gone'), { code: '08006' })
    await expect(
      writeSplittingRefused([1, 2], async () => {
        throw lost
      }),
    ).rejects.toBe(lost)
  })
})
