import { type ReportSeries, type SeriesReport, seriesReportTypes } from '@kropla/domain'
import type { ReportGenerator } from './report-generator'
import type { ReportsDal } from './reports-dal'
import { writeSeriesCsv } from './series-csv'
import { aggregateLabel, seriesKey } from './series-labels'
import { planSeriesReport, sourcesFailed } from './series-plan'
import { failedSources, startSeriesReading } from './series-reads'
import { seriesRows } from './series-rows'

export interface SeriesGeneratorDeps {
  dal: ReportsDal
}

/**
 * The 17 series reports (spec 02 section 9): temperature, humidity, delta humidity, ECW, MCI,
 * dew point, wet-bulb, air humidity deficit, VPD, VPD infection risk, epsilon, sigma, PWI,
 * complex, multiple complex, rainfall and water usage. Sources are merged per module (one read
 * each); a source that cannot be used is named in failed_sources. The plan (series-plan.ts), the
 * reads (series-reads.ts, series-values.ts), the rows (series-rows.ts), the labels
 * (series-labels.ts) and the CSV (series-csv.ts, export-pages.ts) each have their file.
 */
export function createSeriesGenerator(deps: SeriesGeneratorDeps): ReportGenerator {
  const { dal } = deps

  return {
    types: seriesReportTypes,

    async generate(context, request, signal) {
      const current = await planSeriesReport(dal, context, request)
      signal.throwIfAborted()
      const reading = await startSeriesReading(dal, context, current)
      const rows = await seriesRows(reading, current.start, current.end)
      const failed = failedSources(current, reading.failedObjects)
      if (reading.failedObjects.size === current.objects.length) throw sourcesFailed(context, failed)
      const series: ReportSeries[] = rows.columns.map((column, index) => ({
        key: seriesKey(column),
        // The aggregate series belongs to no one module: id 0, field 'MCI', its label saying what it averages.
        id_object: column.aggregate ? 0 : column.field.idObject,
        object_name: column.aggregate ? '' : column.field.objectName,
        field: column.aggregate ? 'MCI' : column.field.info.field,
        custom_label: column.aggregate
          ? aggregateLabel(context, column.aggregate)
          : column.field.info.custom_label,
        level: column.aggregate ? null : column.field.info.level,
        suffix: column.field.info.suffix,
        decimals: column.statistic === 'avg' ? 2 : column.field.info.decimals,
        draw: column.field.info.draw,
        statistic: column.statistic,
        period: column.period,
        values: rows.values[index]!,
      }))
      const answer: SeriesReport = {
        kind: 'series',
        type: current.type,
        start_date: current.start.toISOString(),
        end_date: current.end.toISOString(),
        time_zone: current.timeZone,
        failed_sources: failed,
        grouping: current.grouping,
        statistics: current.statistics,
        timestamps: rows.timestamps,
        series,
        previous: current.previous
          ? { start_date: current.previous.start.toISOString(), end_date: current.previous.end.toISOString() }
          : null,
        delta: current.deltas,
      }
      return answer
    },

    async exportCsv(context, request, write, signal) {
      await writeSeriesCsv(dal, context, await planSeriesReport(dal, context, request), write, signal)
    },
  }
}
