import { randomUUID } from 'node:crypto'
import {
  type AckPayload,
  type createObjectSchema,
  type DeviceModel,
  findModel,
  type ObjectCheckResult,
  type ObjectConfig,
  type ObjectDetail,
  objectConfigSchema,
  objectSettingsSchemaFor,
  parseNfcCode,
  type Rejection,
  type updateObjectSchema,
} from '@kropla/domain'
import type { Logger } from 'pino'
import type { z } from 'zod'
import { HttpError, validationFailed } from '../../app/http-errors'
import type { Db } from '../../db/client'
import { isDataException } from '../../db/data-exception'
import type { DevicePublisher } from '../../ingest/device-publisher'
import type { LivePublisher } from '../../ingest/live-publisher'
import { type KnownObject, type ObjectDirectory, samePin } from '../../ingest/object-directory'
import { toObjectSummary } from '../me/me-service'
import { activateModule } from './module-activation-dal'
import { createObjectsDal, type ObjectRelations, type ObjectRow } from './objects-dal'

export type CreateObjectInput = z.output<typeof createObjectSchema>
export type UpdateObjectInput = z.output<typeof updateObjectSchema>

/** What `down/config` carries and an HTTP module finds in its `commands`. */
export interface ConfigCommand {
  id: string
  type: 'config'
  config: {
    properties: ObjectRow['properties']
    inputs: ObjectConfig['inputs']
    alarms: ObjectConfig['alarms']
  }
}

/** JSON with object keys sorted, so that two equal settings compare equal whatever their key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => a.localeCompare(b)))
      : item,
  )
}

function storedConfig(row: ObjectRow): ObjectConfig {
  const parsed = objectConfigSchema.safeParse(row.config)
  return parsed.success ? parsed.data : { inputs: {}, alarms: {} }
}

function storedProperties(row: ObjectRow): ObjectDetail['properties'] {
  const value = row.properties
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as ObjectDetail['properties'])
    : {}
}

function configCommand(row: ObjectRow): ConfigCommand | null {
  if (!row.config_pending_id) return null
  const config = storedConfig(row)
  return {
    id: row.config_pending_id,
    type: 'config',
    config: { properties: storedProperties(row), inputs: config.inputs, alarms: config.alarms },
  }
}

export function toObjectDetail(row: ObjectRow, relations: ObjectRelations | undefined): ObjectDetail {
  return {
    ...toObjectSummary(row, relations?.latest ?? []),
    properties: storedProperties(row),
    config: storedConfig(row),
    groups: relations?.groups ?? [],
    regions: relations?.regions ?? [],
    base_station: relations?.baseStation ?? null,
    config_pending:
      row.config_pending_id && row.config_sent_at
        ? { id: row.config_pending_id, sent_at: row.config_sent_at.toISOString() }
        : null,
  }
}

/**
 * Modules of a client account (spec 01 sections 3 and 5, Modules): adding one by serial number
 * and PIN or NFC code, its settings and thresholds, which are sent to the module over
 * `down/config` until it acknowledges them, and its groups and regions.
 */
export function createObjectsService(deps: {
  db: Db
  logger: Logger
  directory: Pick<ObjectDirectory, 'forget'>
  devices: Pick<DevicePublisher, 'publish'>
  live: Pick<LivePublisher, 'objectConfig'>
  now?: () => Date
}) {
  const now = deps.now ?? (() => new Date())
  const dal = createObjectsDal(deps.db)

  /** The module behind serial and PIN may join this account; unknown serial and wrong PIN answer alike. */
  function assertAddable(row: ObjectRow | null, pin: string, idClient: number): asserts row is ObjectRow {
    if (!row || !samePin(row.pin, pin)) throw new HttpError('check_serial_pin', { status: 404 })
    if (row.id_client === idClient) throw new HttpError('module_already_added', { status: 409 })
    if (row.id_client !== null) throw new HttpError('module_already_activated', { status: 409 })
    if (!findModel(row.last_device_model)) throw new HttpError('module_add_failed', { status: 500 })
  }

  function modelOf(row: ObjectRow): DeviceModel {
    const model = findModel(row.last_device_model)
    if (!model) throw new HttpError('object_save_failed')
    return model
  }

  async function detail(idClient: number, id: number): Promise<ObjectDetail> {
    const row = await dal.findOwn(idClient, id)
    if (!row) throw new HttpError('not_found')
    return toObjectDetail(row, (await dal.relations([row.id])).get(row.id))
  }

  async function ownOrNotFound(idClient: number, id: number): Promise<ObjectRow> {
    const row = await dal.findOwn(idClient, id)
    if (!row) throw new HttpError('not_found')
    return row
  }

  /** Runs a write; failures that are not the user's come back as `failure` (logged). */
  async function saving<T>(failure: 'object_save_failed' | 'module_add_failed', write: () => Promise<T>) {
    try {
      return await write()
    } catch (error) {
      // A value the database refused is the request's fault: the error handler answers it with a 400.
      if (error instanceof HttpError || isDataException(error)) throw error
      deps.logger.error({ err: error }, 'module change failed')
      throw new HttpError(failure, { status: 500 })
    }
  }

  /** Publishes the pending configuration (retained) and tells the account's browsers it is pending. */
  async function sendConfig(idClient: number, row: ObjectRow) {
    const command = configCommand(row)
    if (!command || !row.config_sent_at) return
    // HTTP ingest reads the pending configuration only for modules the directory knows to have one.
    deps.directory.forget(row.serial)
    await deps.devices.publish(
      row.serial,
      'config',
      { id: command.id, config: command.config },
      { retain: true },
    )
    deps.live.objectConfig(idClient, {
      id_object: row.id,
      config_pending: { id: command.id, sent_at: row.config_sent_at.toISOString() },
    })
  }

  return {
    /** Step 1 of the add-module wizard: the model behind a serial number and PIN that may be added. */
    async check(idClient: number, serial: string, pin: string): Promise<ObjectCheckResult> {
      const row = await dal.findBySerial(serial)
      assertAddable(row, pin, idClient)
      return { serial: row.serial, model: row.last_device_model }
    },

    /** An NFC tag's `KROPLA:<serial>:<pin>`: the module it names, when it is free. */
    async readNfc(code: string): Promise<ObjectCheckResult & { pin: string }> {
      const parsed = parseNfcCode(code)
      if (!parsed) throw new HttpError('nfc_unrecognized')
      const row = await dal.findBySerial(parsed.serial)
      if (!row || !samePin(row.pin, parsed.pin) || !findModel(row.last_device_model))
        throw new HttpError('nfc_unrecognized')
      if (row.id_client !== null) throw new HttpError('nfc_in_use', { status: 409 })
      return { serial: row.serial, model: row.last_device_model, pin: parsed.pin }
    },

    /** Activates the module on the account with its settings and creates its outputs, in one transaction. */
    async create(idClient: number, input: CreateObjectInput): Promise<ObjectDetail> {
      const found = await dal.findBySerial(input.serial)
      assertAddable(found, input.pin, idClient)
      const model = modelOf(found)
      const settings = objectSettingsSchemaFor(model).shape.properties.safeParse(input.properties)
      if (!settings.success)
        throw validationFailed(
          settings.error.issues.map((issue) => ({
            path: ['properties', ...issue.path.map(String)].join('.'),
            message: issue.message,
          })),
        )
      const row = await saving('module_add_failed', () =>
        deps.db.transaction(async (tx) => {
          const locked = await createObjectsDal(tx).lockBySerial(input.serial)
          assertAddable(locked, input.pin, idClient)
          const at = now()
          // A model with properties gets the ones chosen in the wizard at once.
          const configure = model.properties.length > 0
          return activateModule(tx, locked.id, {
            idClient,
            at,
            settings: {
              ...(configure ? { config_pending_id: randomUUID(), config_sent_at: at } : {}),
              name: input.name,
              marker: input.marker,
              lng: input.location?.lng ?? null,
              lat: input.location?.lat ?? null,
              properties: settings.data,
              config: { inputs: {}, alarms: {} },
            },
          })
        }),
      )
      // Its readings count for this account from now on, not in half a minute.
      deps.directory.forget(row.serial)
      await sendConfig(idClient, row)
      return detail(idClient, row.id)
    },

    async list(idClient: number): Promise<ObjectDetail[]> {
      const rows = await dal.listOwn(idClient)
      const relations = await dal.relations(rows.map((row) => row.id))
      return rows.map((row) => toObjectDetail(row, relations.get(row.id)))
    },

    get: detail,

    /**
     * Name, marker, location, properties and config. Changed properties or config go to the
     * module (`down/config`, retained) and stay pending until it acknowledges them.
     */
    async update(idClient: number, id: number, input: UpdateObjectInput): Promise<ObjectDetail> {
      const current = await ownOrNotFound(idClient, id)
      const settings = objectSettingsSchemaFor(modelOf(current)).safeParse({
        properties: input.properties,
        config: input.config,
      })
      if (!settings.success) throw validationFailed(settings.error)
      const { properties, config } = settings.data
      const { row, reconfigured } = await saving('object_save_failed', () =>
        deps.db.transaction(async (tx) => {
          const txDal = createObjectsDal(tx)
          const locked = await txDal.lockOwn(idClient, id)
          if (!locked) throw new HttpError('not_found')
          const reconfigured =
            canonical(properties) !== canonical(storedProperties(locked)) ||
            canonical(config) !== canonical(storedConfig(locked))
          const updated = await txDal.update(id, {
            name: input.name,
            marker: input.marker,
            lng: input.location?.lng ?? null,
            lat: input.location?.lat ?? null,
            properties,
            config,
            ...(reconfigured ? { config_pending_id: randomUUID(), config_sent_at: now() } : {}),
          })
          return { row: updated, reconfigured }
        }),
      )
      if (reconfigured) await sendConfig(idClient, row)
      return detail(idClient, id)
    },

    /** The module's groups of modules (groupable models only), all of this account. */
    async assignGroups(idClient: number, id: number, ids: number[]): Promise<ObjectDetail> {
      const wanted = [...new Set(ids)]
      const row = await ownOrNotFound(idClient, id)
      if (wanted.length > 0 && !modelOf(row).groupable) throw new HttpError('not_groupable')
      await saving('object_save_failed', () =>
        deps.db.transaction(async (tx) => {
          const txDal = createObjectsDal(tx)
          if (!(await txDal.lockOwn(idClient, id))) throw new HttpError('not_found')
          if ((await txDal.ownObjectGroups(idClient, wanted)).length !== wanted.length)
            throw new HttpError('element_not_found')
          await txDal.setGroups(id, wanted)
        }),
      )
      return detail(idClient, id)
    },

    /** The map regions the module is in, all of this account. */
    async assignRegions(idClient: number, id: number, ids: number[]): Promise<ObjectDetail> {
      const wanted = [...new Set(ids)]
      await saving('object_save_failed', () =>
        deps.db.transaction(async (tx) => {
          const txDal = createObjectsDal(tx)
          if (!(await txDal.lockOwn(idClient, id))) throw new HttpError('not_found')
          if ((await txDal.ownRegions(idClient, wanted)).length !== wanted.length)
            throw new HttpError('element_not_found')
          await txDal.setRegions(id, wanted)
        }),
      )
      return detail(idClient, id)
    },

    /**
     * `up/ack` of the pending `down/config`: done or rejected, the warning clears; a rejected
     * configuration is counted among the module's ingest rejections. Other ids are not ours.
     */
    async acknowledge(object: KnownObject, ack: AckPayload): Promise<Rejection[]> {
      if (ack.result === 'received') return []
      const settled = await dal.settleConfig(object.id, ack.id)
      if (!settled) return []
      deps.directory.forget(object.serial)
      if (settled.idClient !== null)
        deps.live.objectConfig(settled.idClient, {
          id_object: object.id,
          config_pending: null,
          settled_id: ack.id,
        })
      return ack.result === 'rejected'
        ? [{ field: null, reason: 'config_rejected', detail: (ack.error ?? ack.id).slice(0, 200) }]
        : []
    },

    /** Commands an HTTP module finds in its upload's answer: the configuration it has not acknowledged. */
    async pendingCommands(object: KnownObject): Promise<ConfigCommand[]> {
      // Most uploads have nothing pending: no database read for them.
      if (!object.configPendingId) return []
      const row = await dal.findBySerial(object.serial)
      const command = row && configCommand(row)
      return command ? [command] : []
    },
  }
}
export type ObjectsService = ReturnType<typeof createObjectsService>
