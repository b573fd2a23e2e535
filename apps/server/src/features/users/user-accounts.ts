import { emailSchema, passwordSchema, type UserTypeName, userTypes } from '@kropla/domain'
import { translate } from '@kropla/i18n'
import { hashPassword } from '../auth/password'
import type { ClientsDal } from '../clients/clients-dal'
import type { UsersDal } from './users-dal'

export class UserInputError extends Error {}

/** The registration screen's password rule (the domain's schema), worded for the operator's terminal. */
function checkPassword(password: string) {
  const checked = passwordSchema.safeParse(password)
  if (checked.success) return
  const reasons = checked.error.issues.map((issue) =>
    issue.message.startsWith('errors.') ? translate('en', issue.message) : issue.message,
  )
  throw new UserInputError(`The password is not accepted: ${reasons.join(' ')}`)
}

/** Operator tasks on users (the command line); the settings screens come with accounts management. */
export function createUserAccounts(deps: { users: UsersDal; clients: ClientsDal }) {
  const { users, clients } = deps
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
      checkPassword(input.password)
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
      checkPassword(password)
      const user = await users.findByEmail(emailText)
      if (!user) throw new UserInputError(`No user with e-mail ${emailText}.`)
      await users.setPasswordHash(user.id, await hashPassword(password))
    },
  }
}
