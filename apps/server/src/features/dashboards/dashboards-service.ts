import {
  type Dashboard,
  dashboardLimits,
  type dashboardOrderSchema,
  type saveDashboardSchema,
  startWidgets,
} from '@kropla/domain'
import type { Logger } from 'pino'
import type { z } from 'zod'
import { HttpError, validationFailed } from '../../app/http-errors'
import type { Db } from '../../db/client'
import { savingAs } from '../resource-usage/resource-writes'
import { createDashboardsDal } from './dashboards-dal'

export type SaveDashboardInput = z.output<typeof saveDashboardSchema>
export type DashboardOrderInput = z.output<typeof dashboardOrderSchema>

/** The name the first dashboard gets; the same word in both languages. */
export const startDashboardName = 'Start'

/**
 * Dashboards (spec 01 sections 3, 5, 9): at most 16 per account, the only one cannot be deleted.
 * An account that has none (a new one) gets the start dashboard, its module tiles, when it first
 * asks for its dashboards, so it sees what the start screen showed.
 */
export function createDashboardsService(deps: { db: Db; logger: Logger }) {
  const save = <T>(work: () => Promise<T>) => savingAs('dashboard_save_failed', deps.logger, work)

  async function get(idClient: number, id: number): Promise<Dashboard> {
    const dashboard = await createDashboardsDal(deps.db, idClient).find(id)
    if (!dashboard) throw new HttpError('not_found')
    return dashboard
  }

  return {
    async list(idClient: number): Promise<Dashboard[]> {
      const found = await createDashboardsDal(deps.db, idClient).list()
      if (found.length) return found
      return save(() =>
        deps.db.transaction(async (tx) => {
          const dal = createDashboardsDal(tx, idClient)
          await dal.lockAccount()
          const again = await dal.list()
          if (again.length) return again
          const widgets = startWidgets(await dal.moduleCount())
          return [await dal.insert({ name: startDashboardName, position: 0, widgets })]
        }),
      )
    },
    get,

    async create(idClient: number, input: SaveDashboardInput): Promise<Dashboard> {
      return save(() =>
        deps.db.transaction(async (tx) => {
          const dal = createDashboardsDal(tx, idClient)
          await dal.lockAccount()
          const existing = await dal.list()
          if (existing.length >= dashboardLimits.maxDashboards) throw new HttpError('dashboards_too_many')
          const position = existing.reduce((last, dashboard) => Math.max(last, dashboard.position + 1), 0)
          return dal.insert({ name: input.name, position, widgets: input.widgets })
        }),
      )
    },

    /** Renames it and replaces its widgets (the editor saves the whole layout at once). */
    async update(idClient: number, id: number, input: SaveDashboardInput): Promise<Dashboard> {
      await save(() =>
        deps.db.transaction(async (tx) => {
          const dal = createDashboardsDal(tx, idClient)
          if (!(await dal.lock(id))) throw new HttpError('not_found')
          await dal.update(id, { name: input.name, widgets: input.widgets })
        }),
      )
      return get(idClient, id)
    },

    async remove(idClient: number, id: number) {
      await save(() =>
        deps.db.transaction(async (tx) => {
          const dal = createDashboardsDal(tx, idClient)
          await dal.lockAccount()
          if (!(await dal.lock(id))) throw new HttpError('not_found')
          if ((await dal.count()) <= 1) throw new HttpError('dashboard_only_one')
          await dal.remove(id)
        }),
      )
    },

    /** New order: every dashboard of the account exactly once. */
    async reorder(idClient: number, input: DashboardOrderInput): Promise<Dashboard[]> {
      await save(() =>
        deps.db.transaction(async (tx) => {
          const dal = createDashboardsDal(tx, idClient)
          await dal.lockAccount()
          const own = new Set((await dal.list()).map((dashboard) => dashboard.id))
          const asked = new Set(input.ids)
          if (
            asked.size !== input.ids.length ||
            asked.size !== own.size ||
            ![...asked].every((id) => own.has(id))
          )
            throw validationFailed([{ path: 'ids', message: 'errors.validation_failed' }])
          for (const [position, id] of input.ids.entries()) await dal.setPosition(id, position)
        }),
      )
      return createDashboardsDal(deps.db, idClient).list()
    },
  }
}
export type DashboardsService = ReturnType<typeof createDashboardsService>
