import { type HistoryAnswer, historyAckSchema } from '@kropla/domain'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useRealtimeChannel } from '../realtime/RealtimeContext'

/** A time range as two ISO instants, start inclusive, end exclusive. */
export interface HistoryRange {
  start: string
  end: string
}

const DAY = 86_400_000

/** The last `days` days up to now, to the minute (so that re-renders within a minute ask nothing new). */
export function lastDays(days: number, now = Date.now()): HistoryRange {
  const end = Math.ceil(now / 60_000) * 60_000
  return { start: new Date(end - days * DAY).toISOString(), end: new Date(end).toISOString() }
}

/** A refused or failed history request: the server's code and its words in the user's language. */
export class HistoryError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}

export const historyQueryKey = (
  idObject: number,
  fields: readonly string[],
  range: HistoryRange,
  maxPoints: number | undefined,
) => ['history', idObject, fields.join(','), range.start, range.end, maxPoints ?? null] as const

/**
 * The rows of one module's fields over a range, by the socket request `history_request`: raw
 * readings, or hourly / daily averages with min and max when the range is long (the server picks
 * by `maxPoints`, about twice the chart's width in pixels). Fails with a HistoryError.
 */
export function useHistory(
  idObject: number,
  fields: readonly string[],
  range: HistoryRange | null,
  options: { maxPoints?: number; enabled?: boolean } = {},
) {
  const { t } = useTranslation()
  const realtime = useRealtimeChannel()
  const maxPoints = options.maxPoints
  return useQuery<HistoryAnswer, HistoryError>({
    queryKey: historyQueryKey(idObject, fields, range ?? { start: '', end: '' }, maxPoints),
    enabled: (options.enabled ?? true) && range !== null && fields.length > 0,
    staleTime: 30_000,
    retry: false,
    queryFn: async () => {
      const ack = await realtime.requestHistory({
        id_object: idObject,
        fields: [...fields],
        start_date: range?.start,
        end_date: range?.end,
        max_points: maxPoints,
      })
      const checked = historyAckSchema.safeParse(ack)
      if (!checked.success) throw new HistoryError('internal', t('history.failed'))
      const answer = checked.data
      if ('err' in answer) throw new HistoryError(answer.err, answer.message || t('history.failed'))
      return answer
    },
  })
}
