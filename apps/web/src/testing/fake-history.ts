import {
  findModel,
  formatUtcTimestamp,
  type HistoryAck,
  type HistoryRow,
  historyAckSchema,
  historyRange,
  historyRequestSchema,
  historyTimestampFields,
  type MeResponse,
} from '@kropla/domain'
import { type Lang, translate } from '@kropla/i18n'
import type { FakeSocket } from './fake-socket'

/**
 * Answers `history_request` as the real server does (features/history on the server): the
 * account's modules only, the model's fields only, a real range; raw rows for a day and below,
 * hourly rows with min/max beyond. Values are `base + hour of the day`, so a test knows them. Every
 * answer is checked against the shared schema, so the fake cannot drift from the contract.
 */
export function answerHistoryRequests(
  socket: FakeSocket,
  me: MeResponse,
  options: { lang?: Lang; base?: number; now?: () => Date; refuse?: string } = {},
) {
  const lang = options.lang ?? 'en'
  const failure = (code: string): HistoryAck => ({ err: code, message: translate(lang, `errors.${code}`) })
  socket.answerRequest('history_request', (payload) => {
    const answer = ((): HistoryAck => {
      if (options.refuse) return failure(options.refuse)
      const parsed = historyRequestSchema.safeParse(payload)
      if (!parsed.success) return failure('bad_request')
      const timestamps = new Set<string>(historyTimestampFields)
      const request = { ...parsed.data, fields: parsed.data.fields.filter((field) => !timestamps.has(field)) }
      if (request.fields.length === 0) return failure('field_unknown')
      const range = historyRange(request, options.now?.() ?? new Date())
      if (!range) return failure('history_bad_range')
      const object = me.objects.find((candidate) => candidate.id === request.id_object)
      if (!object) return failure('module_not_found')
      const inputs = new Set(findModel(object.last_device_model)?.inputs.map((input) => input.name))
      if (request.fields.some((field) => !inputs.has(field))) return failure('field_unknown')
      const hourly = range.end.getTime() - range.start.getTime() > 86_400_000
      const step = hourly ? 3_600_000 : 600_000
      const rows: HistoryRow[] = []
      for (
        let time = Math.ceil(range.start.getTime() / step) * step;
        time < range.end.getTime();
        time += step
      ) {
        const ts = new Date(time)
        const value = (options.base ?? 10) + ts.getUTCHours()
        const row: Record<string, number | string | null> = {
          timestamp: formatUtcTimestamp(ts),
          dtimestamp: ts.toISOString(),
          timestamp_unix: time / 1000,
        }
        for (const field of request.fields) {
          row[field] = value
          if (hourly)
            Object.assign(row, {
              [`${field}__min`]: value - 1,
              [`${field}__max`]: value + 1,
              [`${field}__sum`]: value * 6,
              [`${field}__count`]: 6,
            })
        }
        rows.push(row as HistoryRow)
      }
      return {
        ok: true,
        id_object: request.id_object,
        resolution: hourly ? 'hour' : 'raw',
        start_date: range.start.toISOString(),
        end_date: range.end.toISOString(),
        fields: request.fields,
        rows,
      }
    })()
    const checked = historyAckSchema.safeParse(answer)
    if (!checked.success)
      throw new Error(`fake history answer outside the contract: ${checked.error.message}`)
    return answer
  })
}
