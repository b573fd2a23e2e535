import {
  type ClientAccount,
  defaultFarmTimeZone,
  emailSchema,
  type GeoPoint,
  geoPointSchema,
  isCountryCode,
  isTimeZoneName,
  phonePattern,
} from '@kropla/domain'
import type { Logger } from 'pino'
import { HttpError } from '../../app/http-errors'
import type { Db } from '../../db/client'
import { isUniqueViolation } from '../../db/unique-violation'
import { verifyPassword } from '../auth/password'
import type { AccountRealtime } from '../users/realtime-port'
import { createUsersDal } from '../users/users-dal'
import { type ClientRow, createClientsDal } from './clients-dal'

export type ClientAccountView = ClientAccount & { expires_at: string | null; blocked: boolean }

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {}
const text = (value: unknown, max: number) => (typeof value === 'string' ? value.trim().slice(0, max) : '')
const country = (value: unknown, fallback: string) =>
  typeof value === 'string' && isCountryCode(value) ? value : isCountryCode(fallback) ? fallback : 'PL'
const email = (value: unknown) =>
  typeof value === 'string' && emailSchema.safeParse(value).success ? value.trim() : ''
const phone = (value: unknown) =>
  typeof value === 'string' && phonePattern.test(value.trim()) ? value.trim() : ''

/** The farm's point, null unless both coordinates are stored and in range. */
export function farmPoint(client: Pick<ClientRow, 'farm_lat' | 'farm_lng'>): GeoPoint | null {
  const { farm_lat: lat, farm_lng: lng } = client
  return geoPointSchema.safeParse({ lat, lng }).success ? { lat: lat!, lng: lng! } : null
}

/** The stored account as the settings form shows it; anything stored off the rules reads as empty. */
export function toClientAccount(client: ClientRow): ClientAccountView {
  const billing = record(client.billing)
  const contact = record(client.contact)
  const correspondence = record(client.correspondence)
  const ownCountry = country(client.country, 'PL')
  return {
    name: text(client.name, 120),
    type: client.type === 1 ? 1 : 0,
    full_name: text(client.full_name, 200),
    tax_number: text(client.tax_number, 40),
    address: text(client.address, 200),
    zip: text(client.zip, 20),
    city: text(client.city, 100),
    country: ownCountry,
    billing: {
      name: text(billing.name, 200),
      email: email(billing.email),
      tax_number: text(billing.tax_number, 40),
      address: text(billing.address, 200),
      zip: text(billing.zip, 20),
      city: text(billing.city, 100),
      country: country(billing.country, ownCountry),
    },
    contact: { name: text(contact.name, 120), email: email(contact.email), phone: phone(contact.phone) },
    correspondence_same: client.correspondence_same,
    correspondence: {
      address: text(correspondence.address, 200),
      zip: text(correspondence.zip, 20),
      city: text(correspondence.city, 100),
      country: country(correspondence.country, ownCountry),
    },
    time_zone: isTimeZoneName(client.time_zone) ? client.time_zone : defaultFarmTimeZone,
    farm_place: { address: text(client.farm_address, 300), location: farmPoint(client) },
    expires_at: client.expires_at?.toISOString() ?? null,
    blocked: client.blocked,
  }
}

export interface ClientAccountDeps {
  db: Db
  realtime: Pick<AccountRealtime, 'endSession' | 'endUserSessions'>
  logger: Logger
  now?: () => Date
  /** The planner's replan of schedules moved to the farm's new time zone. */
  onSchedulesMoved?: (idClient: number, idSchedules: number[]) => Promise<void>
}

/** settings/profile/client: the admin's client account, and its removal with all its data. */
export function createClientAccountService(deps: ClientAccountDeps) {
  const now = deps.now ?? (() => new Date())
  const clients = createClientsDal(deps.db)

  return {
    async get(idClient: number): Promise<ClientAccountView> {
      const client = await clients.findById(idClient)
      if (!client) throw new HttpError('not_found')
      return toClientAccount(client)
    },

    /**
     * Saves the account data; the name stays unique (`account_name_exists`, letter case ignored).
     * A new time zone moves the farm's schedules with it: their runs are replanned in it.
     */
    async update(idClient: number, input: ClientAccount): Promise<ClientAccountView> {
      if (await clients.isNameTaken(input.name, idClient)) throw new HttpError('account_name_exists')
      try {
        const saved = await deps.db.transaction(async (tx) => {
          const txClients = createClientsDal(tx)
          await txClients.lockName(input.name)
          if (await txClients.isNameTaken(input.name, idClient)) throw new HttpError('account_name_exists')
          const { farm_place, ...account } = input
          const updated = await txClients.update(idClient, {
            ...account,
            farm_address: farm_place.address,
            farm_lat: farm_place.location?.lat ?? null,
            farm_lng: farm_place.location?.lng ?? null,
          })
          const moved = updated ? await txClients.moveSchedulesToZone(idClient, input.time_zone) : []
          return updated && { updated, moved }
        })
        if (!saved) throw new HttpError('not_found')
        if (saved.moved.length > 0) await deps.onSchedulesMoved?.(idClient, saved.moved)
        return toClientAccount(saved.updated)
      } catch (error) {
        if (isUniqueViolation(error, 'clients_name_unique')) throw new HttpError('account_name_exists')
        throw error
      }
    },

    /**
     * Removes the client account and all its data in one transaction: readings, latest values,
     * users (with their sessions, tokens and assignments), assignments of other users to it, and
     * the account itself. Its modules go back to the fleet, free to be activated again. Every
     * socket of the account is told to log out.
     */
    async remove(userId: number, idClient: number, password: string) {
      const stored = await createUsersDal(deps.db).findById(userId)
      if (!stored?.password_hash || !(await verifyPassword(password, stored.password_hash))) {
        throw new HttpError('password_incorrect')
      }
      const ended = await deps.db.transaction(async (tx) => {
        if (!(await createClientsDal(tx).lockById(idClient))) throw new HttpError('not_found')
        return createClientsDal(tx).removeWithData(idClient, now())
      })
      for (const sessionId of ended.sessionIds) deps.realtime.endSession(sessionId)
      for (const id of ended.userIds) deps.realtime.endUserSessions(id)
      deps.logger.info({ idClient, users: ended.userIds.length }, 'client account removed')
    },
  }
}
export type ClientAccountService = ReturnType<typeof createClientAccountService>
