import { emailSchema, type UserTypeName, userTypes } from '@kropla/domain'
import type { Db } from '../../db/client'
import { hashPassword } from '../auth/password'
import { createClientsDal } from '../clients/clients-dal'
import { createUsersDal } from './users-dal'

export class UserInputError extends Error {}

/** Operator tasks on users (the command line); the settings screens come with accounts management. */
export function createUserAccounts(db: Db) {
  const users = createUsersDal(db)
  const clients = createClientsDal(db)
  return {
    async create(input: {
      email: string
      password: string
      type: UserTypeName
      clientName: string
      name?: string
      familyName?: string
    }) {
      const email = emailSchema.safeParse(input.email)
      if (!email.success) throw new UserInputError(`Not an e-mail address: ${input.email}`)
      if (!input.password) throw new UserInputError('The password is empty.')
      if (await users.findByEmail(email.data)) throw new UserInputError('Provided email is already in use!')
      const client = await clients.findOrCreate(input.clientName)
      return users.insert({
        email: email.data,
        password_hash: await hashPassword(input.password),
        type: userTypes[input.type],
        id_client: client.id,
        name: input.name ?? '',
        family_name: input.familyName ?? '',
      })
    },
    async setPassword(emailText: string, password: string) {
      const user = await users.findByEmail(emailText)
      if (!user) throw new UserInputError(`No user with e-mail ${emailText}.`)
      await users.setPasswordHash(user.id, await hashPassword(password))
    },
  }
}
