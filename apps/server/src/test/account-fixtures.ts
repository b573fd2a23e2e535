import { type UserTypeName, userTypes } from '@kropla/domain'
import { expect } from 'vitest'
import type { RunningServer } from '../app/server'
import { hashPassword } from '../features/auth/password'
import { createUsersDal } from '../features/users/users-dal'
import { readOutbox } from './outbox'
import { httpSession } from './test-server'

/** Test helpers for the accounts features (integration tests only). */

/** The password of every user made here (and of seedAccount's admins). */
export const knownPassword = 'Correct-horse-1'
let knownHash: Promise<string> | undefined
let counter = 0

/**
 * A user in a client account, without paying for another scrypt hash: they all share one, of
 * knownPassword.
 */
export async function addUser(server: RunningServer, idClient: number, type: UserTypeName = 'normal') {
  knownHash ??= hashPassword(knownPassword)
  counter++
  const email = `user${process.pid}x${counter}x${Math.random().toString(36).slice(2, 6)}@example.com`
  const user = await createUsersDal(server.database.db).insert({
    id_client: idClient,
    email,
    password_hash: await knownHash,
    type: userTypes[type],
  })
  return { user, email, password: knownPassword }
}

/** An HTTP session logged in as that user (fails the test when the login does). */
export async function loggedIn(baseUrl: string, email: string, password = knownPassword, lang = 'en') {
  const session = httpSession(baseUrl, lang)
  const answer = await session.login(email, password)
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return session
}

/** The newest mail to that address in the server's outbox, and the token of its link to `route`. */
export function lastMailTo(server: { dataDir: string }, to: string, route: 'pass_reset' | 'invitation') {
  const mail = readOutbox(server.dataDir)
    .filter((message) => message.to === to)
    .at(-1)
  expect(mail, `a mail to ${to}`).toBeDefined()
  const link = new RegExp(`(\\S+)/#/${route}\\?token=([A-Za-z0-9_-]+)`).exec(mail!.text)
  expect(link, `a ${route} link in: ${mail!.text}`).not.toBeNull()
  return { ...mail!, origin: link![1]!, token: link![2]! }
}
