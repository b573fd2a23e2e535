import { timingSafeEqual } from 'node:crypto'
import { type DeviceModel, findModel } from '@kropla/domain'
import type { ModuleRecordsDal } from './module-records-dal'

export interface KnownObject {
  id: number
  serial: string
  /** The claim code; the login password only while `secretHash` is null. */
  pin: string
  /** Hex SHA-256 of the device secret the module logs in with; null: it logs in with its PIN. */
  secretHash: string | null
  model: DeviceModel | undefined
  idClient: number | null
  baseStationId: number | null
  activatedAt: Date | null
  deactivatedAt: Date | null
  /** The configuration waiting for the module's acknowledgement, as of the last read (a hint). */
  configPendingId: string | null
}

/** Constant-time comparison of a module's PIN with the one given. */
export function samePin(expected: string, given: string): boolean {
  const a = Buffer.from(expected)
  const b = Buffer.from(given)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** How long a module's fleet entry is trusted from memory before it is read again. */
const cacheMs = 30_000

/**
 * Looks modules up by serial for every device message. A short cache keeps one database read
 * per module per half minute instead of one per message.
 */
export function createObjectDirectory(
  modules: Pick<ModuleRecordsDal, 'findBySerial'>,
  now: () => number = Date.now,
) {
  const cache = new Map<string, { object: KnownObject | null; until: number }>()

  async function find(serial: string): Promise<KnownObject | null> {
    const hit = cache.get(serial)
    if (hit && hit.until > now()) return hit.object
    const row = await modules.findBySerial(serial)
    const object = row
      ? {
          id: row.id,
          serial: row.serial,
          pin: row.pin,
          secretHash: row.secret_hash,
          model: findModel(row.last_device_model),
          idClient: row.id_client,
          baseStationId: row.base_station_id,
          activatedAt: row.activated_at,
          deactivatedAt: row.deactivated_at,
          configPendingId: row.config_pending_id,
        }
      : null
    cache.set(serial, { object, until: now() + cacheMs })
    return object
  }

  return {
    find,
    forget(serial?: string) {
      if (serial) cache.delete(serial)
      else cache.clear()
    },
  }
}
export type ObjectDirectory = ReturnType<typeof createObjectDirectory>
