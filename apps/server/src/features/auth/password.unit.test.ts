import { afterEach, describe, expect, it } from 'vitest'
import { hashPassword, productPasswordCost, setPasswordCostForTests, verifyPassword } from './password'

afterEach(() => setPasswordCostForTests(productPasswordCost))

describe('password hashing', () => {
  it('stores scrypt at the product strength with its cost, and verifies only the right password', async () => {
    const stored = await hashPassword('Correct-horse-1')
    expect(stored.split('$').slice(0, 4)).toEqual(['scrypt', '131072', '8', '1'])
    expect(await verifyPassword('Correct-horse-1', stored)).toBe(true)
    expect(await verifyPassword('Correct-horse-2', stored)).toBe(false)
  })

  it("at the tests' cost still verifies hashes made at the product's, since each hash names its cost", async () => {
    const strong = await hashPassword('Correct-horse-1')
    setPasswordCostForTests()
    const weak = await hashPassword('Correct-horse-1')
    expect(weak.split('$')[1]).toBe('1024')
    expect(await verifyPassword('Correct-horse-1', strong)).toBe(true)
    expect(await verifyPassword('Correct-horse-1', weak)).toBe(true)
    expect(await verifyPassword('wrong', weak)).toBe(false)
  })
})
