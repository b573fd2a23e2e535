import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'

/** scrypt at the OWASP Password Storage Cheat Sheet strength: N=2^17, r=8, p=1 (128 MiB). */
export const productPasswordCost = { N: 2 ** 17, r: 8, p: 1 }
let cost = productPasswordCost

/**
 * For test servers only (src/test): new hashes at N=2^10, the same algorithm and stored format
 * (ADR 0085). Every hash names its own cost, so each check still verifies what was stored; what
 * changes is the half second of CPU (and 128 MiB) that each of a test run's thousands of logins
 * cost at the product's strength. No setting or route reaches it.
 */
export function setPasswordCostForTests(next: typeof productPasswordCost = testPasswordCost): void {
  cost = next
}
export const testPasswordCost = { N: 2 ** 10, r: 8, p: 1 }
const keyLength = 64
const maxmem = 256 * 1024 * 1024

function derive(password: string, salt: Buffer, params: typeof cost): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, { ...params, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    )
  })
}

/** Hash format: `scrypt$N$r$p$salt$key`, base64url parts, so the cost can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(password, salt, cost)
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$')
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$')
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false
  const expected = Buffer.from(key, 'base64url')
  const actual = await derive(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  })
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}

let decoy: Promise<string> | undefined

/** Spends the same time as a real check, so a wrong e-mail cannot be told from a wrong password. */
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'))
  await verifyPassword(password, await decoy)
  return false
}
