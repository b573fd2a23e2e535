import { maxReportTemplates, type ReportTemplate, type saveReportTemplateSchema } from '@kropla/domain'
import type { Logger } from 'pino'
import type { z } from 'zod'
import { HttpError } from '../../../app/http-errors'
import type { Db } from '../../../db/client'
import { isUniqueViolation } from '../../../db/unique-violation'
import { savingAs } from '../../resource-usage/resource-writes'
import { createReportTemplatesDal } from './report-templates-dal'

export type SaveReportTemplateInput = z.output<typeof saveReportTemplateSchema>

const nameIndex = 'report_templates_client_name_idx'

/**
 * Report templates (the reports creator's saved reports): named 3 to 40 characters, the name
 * unique in the account whatever its letter case, at most `maxReportTemplates` per account. The
 * request is checked by the same schema as POST /api/reports (the routes' body schema).
 */
export function createReportTemplatesService(deps: { db: Db; logger: Logger }) {
  const save = <T>(work: () => Promise<T>) =>
    savingAs('report_template_save_failed', deps.logger, async () => {
      try {
        return await work()
      } catch (error) {
        if (isUniqueViolation(error, nameIndex)) throw new HttpError('report_template_name_taken')
        throw error
      }
    })
  const values = (input: SaveReportTemplateInput) => ({
    name: input.name,
    request: input.request,
    range_days: input.range_days,
  })

  return {
    list: (idClient: number): Promise<ReportTemplate[]> => createReportTemplatesDal(deps.db, idClient).list(),

    async get(idClient: number, id: number): Promise<ReportTemplate> {
      const template = await createReportTemplatesDal(deps.db, idClient).find(id)
      if (!template) throw new HttpError('not_found')
      return template
    },

    create(idClient: number, input: SaveReportTemplateInput): Promise<ReportTemplate> {
      return save(() =>
        deps.db.transaction(async (tx) => {
          const dal = createReportTemplatesDal(tx, idClient)
          await dal.lockAccount()
          if ((await dal.count()) >= maxReportTemplates) throw new HttpError('report_templates_too_many')
          return dal.insert(values(input))
        }),
      )
    },

    async update(idClient: number, id: number, input: SaveReportTemplateInput): Promise<ReportTemplate> {
      const updated = await save(() => createReportTemplatesDal(deps.db, idClient).update(id, values(input)))
      if (!updated) throw new HttpError('not_found')
      return updated
    },

    async remove(idClient: number, id: number) {
      const removed = await save(() => createReportTemplatesDal(deps.db, idClient).remove(id))
      if (!removed) throw new HttpError('not_found')
    },
  }
}
export type ReportTemplatesService = ReturnType<typeof createReportTemplatesService>
