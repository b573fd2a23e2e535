import { describe, expect, it } from 'vitest'
import { HttpError } from '../../app/http-errors'
import { createWorkGate } from './work-gate'

/** Work that ends when the test says so. */
function held() {
  let finish: () => void = () => {}
  const done = new Promise<void>((resolve) => {
    finish = resolve
  })
  return { work: () => done.then(() => 'done'), finish }
}

describe('the work gate', () => {
  it("refuses a user's work beyond the limit at once, with busy_try_again and a retry time, and lets it in again", async () => {
    const gate = createWorkGate({ perUser: 2, perClient: 10, retryAfterSeconds: 7 })
    const anna = { idUser: 1, idClient: 10 }
    const [first, second] = [held(), held()]
    const running = [gate.run(anna, first.work), gate.run(anna, second.work)]
    const refusal = await gate.run(anna, async () => 'third').catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(HttpError)
    expect(refusal).toMatchObject({ code: 'busy_try_again', status: 429, retryAfterSeconds: 7 })
    first.finish()
    await running[0]
    expect(await gate.run(anna, async () => 'again')).toBe('again')
    second.finish()
    expect(await running[1]).toBe('done')
    expect(gate.underWay(anna)).toEqual({ user: 0, client: 0 })
  })

  it("limits a farm as a whole, and another farm's user is not held back by it", async () => {
    const gate = createWorkGate({ perUser: 5, perClient: 2, retryAfterSeconds: 5 })
    const works = [held(), held()]
    const running = works.map((entry, index) => gate.run({ idUser: index + 1, idClient: 10 }, entry.work))
    await expect(gate.run({ idUser: 3, idClient: 10 }, async () => 'x')).rejects.toMatchObject({
      code: 'busy_try_again',
    })
    expect(await gate.run({ idUser: 4, idClient: 20 }, async () => 'other farm')).toBe('other farm')
    for (const entry of works) entry.finish()
    await Promise.all(running)
  })

  it('gives the place back when the work fails', async () => {
    const gate = createWorkGate({ perUser: 1, perClient: 1, retryAfterSeconds: 5 })
    const anna = { idUser: 1, idClient: 10 }
    await expect(gate.run(anna, () => Promise.reject(new Error('query failed')))).rejects.toThrow(
      'query failed',
    )
    expect(await gate.run(anna, async () => 'next')).toBe('next')
  })
})
