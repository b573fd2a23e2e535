import { canOpenAccount, type RegisterRequest, userTypes } from '@kropla/domain'
import type { Logger } from 'pino'
import { HttpError } from '../../app/http-errors'
import type { Db } from '../../db/client'
import { isUniqueViolation } from '../../db/unique-violation'
import { samePin } from '../../ingest/object-directory'
import type { UserRow } from '../auth/auth-context'
import { hashPassword } from '../auth/password'
import { createClientsDal } from '../clients/clients-dal'
import { activateModule } from '../objects/module-activation-dal'
import { createUsersDal } from '../users/users-dal'
import { createRegistrationDal, type ObjectRow } from './registration-dal'

/**
 * Spec 01 section 2, /register: the module's serial and PIN (unknown serial and wrong PIN get the
 * same answer), then whether it is free and may open an account.
 */
function assertModuleOpensAccount(module: ObjectRow | null, pin: string): asserts module is ObjectRow {
  if (!module || !samePin(module.pin, pin)) throw new HttpError('check_serial_pin')
  if (module.id_client !== null) throw new HttpError('device_already_activated')
  if (!canOpenAccount(module.last_device_model)) throw new HttpError('device_cannot_open_account')
}

export function createRegistrationService(deps: { db: Db; logger: Logger; now?: () => Date }) {
  const now = deps.now ?? (() => new Date())
  const fleet = createRegistrationDal(deps.db)
  const clients = createClientsDal(deps.db)
  const users = createUsersDal(deps.db)

  /** Step 1: the model of a module that can open an account. */
  async function checkModule(serial: string, pin: string): Promise<{ model: string }> {
    const module = await fleet.findModule(serial)
    assertModuleOpensAccount(module, pin)
    return { model: module.last_device_model }
  }

  /** Step 2: the account name is free (letter case ignored). */
  async function checkAccountName(name: string) {
    if (await clients.isNameTaken(name)) throw new HttpError('account_name_taken')
  }

  return {
    checkModule,
    checkAccountName,

    /**
     * Opens the account in one transaction: the client account, its first admin (the registrant),
     * and the module activated on it. Every rule is checked again under locks, so of two
     * registrations of one module (or one name) exactly one succeeds.
     */
    async register(input: RegisterRequest): Promise<UserRow> {
      await checkModule(input.serial, input.pin)
      await checkAccountName(input.account_name)
      if (await users.findByEmail(input.email)) throw new HttpError('email_in_use')
      const passwordHash = await hashPassword(input.password)
      try {
        return await deps.db.transaction(async (tx) => {
          const txClients = createClientsDal(tx)
          const txFleet = createRegistrationDal(tx)
          await txClients.lockName(input.account_name)
          const module = await txFleet.lockModule(input.serial)
          assertModuleOpensAccount(module, input.pin)
          if (await txClients.isNameTaken(input.account_name)) throw new HttpError('account_name_taken')
          const at = now()
          const client = await txClients.insert(input.account_name, input.time_zone)
          const user = await createUsersDal(tx).insert({
            id_client: client.id,
            email: input.email,
            password_hash: passwordHash,
            type: userTypes.admin,
            lang: input.lang ?? null,
            marketing_app: input.marketing_app,
            marketing_email: input.marketing_email,
            terms_accepted_at: at,
            created_at: at,
            updated_at: at,
          })
          await activateModule(tx, module.id, { idClient: client.id, at })
          return user
        })
      } catch (error) {
        if (error instanceof HttpError) throw error
        if (isUniqueViolation(error, 'users_email_unique')) throw new HttpError('email_in_use')
        if (isUniqueViolation(error, 'clients_name_unique')) throw new HttpError('account_name_taken')
        deps.logger.error({ err: error }, 'registration failed')
        throw new HttpError('registration_failed')
      }
    },
  }
}
export type RegistrationService = ReturnType<typeof createRegistrationService>
