import { eq } from 'drizzle-orm'
import type { Executor } from '../../db/executor'
import { clients } from '../../db/schema'
import { createClientsDal } from '../clients/clients-dal'
import { createUsersDal } from '../users/users-dal'
import { createSessionDal } from './session-dal'

/** What the operator's account-access tasks read and write: accounts, users, assignments, sessions. */
export function createAccountAccessDal(db: Executor) {
  const clientsDal = createClientsDal(db)
  const usersDal = createUsersDal(db)
  return {
    /** The client account of exactly that name (the operator types it as listed). */
    async findClientNamed(name: string) {
      const [client] = await db.select().from(clients).where(eq(clients.name, name))
      return client ?? null
    },
    setBlocked: (idClient: number, blocked: boolean) => clientsDal.update(idClient, { blocked }),
    setExpiry: (idClient: number, expiresAt: Date | null) =>
      clientsDal.update(idClient, { expires_at: expiresAt }),
    findUserByEmail: (email: string) => usersDal.findByEmail(email),
    assignToClient: (userId: number, idClient: number, type: number) =>
      usersDal.assignToClient(userId, idClient, type),
    /** Ends every session working in the account; answers their ids. */
    removeSessionsOfClient: (idClient: number) => createSessionDal(db).removeForClient(idClient),
  }
}
export type AccountAccessDal = ReturnType<typeof createAccountAccessDal>
