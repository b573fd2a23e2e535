import type { ParsedReportRequest, ReportAnswer, ReportType } from '@kropla/domain'

/** Who asks for a report, and how its days and labels are counted. */
export interface ReportContext {
  idClient: number
  /** The farm's IANA zone: day rows and the days of a range are its local days. */
  timeZone: string
  /** The language of labels in CSV headers. */
  lang: 'pl' | 'en'
  now: Date
}

/**
 * One or more report types' generator. `/api/reports` and `/api/reports/export` check the request
 * (known type, at least one source, a usable range) and then hand it to the generator of its type.
 */
export interface ReportGenerator {
  types: readonly ReportType[]
  /** The whole result; rejects when every source failed, names the failed ones otherwise. */
  generate(context: ReportContext, request: ParsedReportRequest, signal: AbortSignal): Promise<ReportAnswer>
  /**
   * The CSV (spec 02 section 9: quoted header line, comma separated, rows by ascending time,
   * empty values blank): the numbers of the table at full resolution, written page by page so a
   * long range never sits in memory whole. `write` resolves when the chunk has been taken (the
   * socket's back-pressure).
   */
  exportCsv(
    context: ReportContext,
    request: ParsedReportRequest,
    write: (chunk: string) => Promise<void>,
    signal: AbortSignal,
  ): Promise<void>
}
