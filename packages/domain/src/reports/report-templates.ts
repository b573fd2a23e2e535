import { z } from 'zod'
import { singleLineText } from '../input/text'
import { reportRequestSchema } from './report-request'

export const reportTemplateNameLimits = { min: 3, max: 40 } as const
/** At most this many templates per client account (stated in 'errors.report_templates_too_many'). */
export const maxReportTemplates = 50

/**
 * A saved report (spec 01: type, sources, dates, name). `range_days`, when set, makes the template
 * relative: the last N local days ending today, instead of its fixed dates.
 */
export const saveReportTemplateSchema = z.object({
  name: singleLineText()
    .trim()
    .min(reportTemplateNameLimits.min, { error: 'errors.report_template_name_length' })
    .max(reportTemplateNameLimits.max, { error: 'errors.report_template_name_length' }),
  request: reportRequestSchema,
  range_days: z.number().int().min(1).max(400).nullable().default(null),
})
export type SaveReportTemplate = z.input<typeof saveReportTemplateSchema>

export const reportTemplateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  request: reportRequestSchema,
  range_days: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type ReportTemplate = z.infer<typeof reportTemplateSchema>
