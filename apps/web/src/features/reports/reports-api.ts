import {
  pathOf,
  type ReportAnswer,
  type ReportRequest,
  type ReportTemplate,
  reportAnswerSchema,
  reportRoutes,
  reportTemplateRoutes,
  type SaveReportTemplate,
} from '@kropla/domain'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useApi } from '../../app/api-context'
import type { ApiClient } from '../../lib/api'
import { ApiRequestError } from '../../lib/api-error'
import { callRoute } from '../../lib/call-route'
import { csvProgress } from './csv-progress'

/** How far a download has come: bytes so far and, where known, the share of the range (0 to 1). */
export interface DownloadProgress {
  bytes: number
  share: number | null
}

/** Reads a response body to its end, telling the bytes received as they arrive. */
async function readText(response: Response, onChunk: (text: string, bytes: number) => void): Promise<string> {
  if (!response.body) {
    const text = await response.text()
    onChunk(text, text.length)
    return text
  }
  const reader = response.body.getReader()
  const decoder = new TextDecoder()
  const parts: string[] = []
  let bytes = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    bytes += value.byteLength
    const text = decoder.decode(value, { stream: true })
    parts.push(text)
    onChunk(text, bytes)
  }
  parts.push(decoder.decode())
  return parts.join('')
}

/**
 * The report's two streamed calls with this app's client, for the report jobs (use-report-jobs.ts).
 * Their answers are read as they arrive (the progress), so they go by the entry's path
 * (`postForResponse`) rather than callRoute, and the report is parsed here with the entry's schema.
 */
export function useReportDownloads() {
  const api = useApi()
  return useMemo(
    () => ({
      generate: (
        request: ReportRequest,
        signal: AbortSignal,
        onProgress: (progress: DownloadProgress) => void,
      ) => generateReport(api, request, signal, onProgress),
      exportCsv: (
        request: ReportRequest,
        signal: AbortSignal,
        onProgress: (progress: DownloadProgress) => void,
      ) => exportReportCsv(api, request, signal, onProgress),
    }),
    [api],
  )
}

/**
 * POST /api/reports: the report, read as it arrives (the bytes received are the progress a user
 * sees), checked with the shared answer schema. `signal` cancels it.
 */
async function generateReport(
  api: ApiClient,
  request: ReportRequest,
  signal: AbortSignal,
  onProgress: (progress: DownloadProgress) => void,
): Promise<ReportAnswer> {
  const response = await api.postForResponse(pathOf(reportRoutes.run), request, signal)
  const text = await readText(response, (_, bytes) => onProgress({ bytes, share: null }))
  try {
    return reportAnswerSchema.parse(JSON.parse(text))
  } catch (cause) {
    console.error('Unexpected answer shape', cause)
    throw new ApiRequestError(200, 'internal', '')
  }
}

/** The file name the server proposes (Content-Disposition), else one made of the type and the dates. */
export function csvFileName(response: Response, request: ReportRequest) {
  const disposition = response.headers.get('content-disposition') ?? ''
  const named = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)?.[1]
  if (named) return decodeURIComponent(named)
  return `kropla-${request.type}-${request.start_date.slice(0, 10)}-${request.end_date.slice(0, 10)}.csv`
}

/**
 * POST /api/reports/export: the CSV streamed. Rows come by ascending time, so the progress is the
 * last timestamp received against the range. `signal` cancels it.
 */
async function exportReportCsv(
  api: ApiClient,
  request: ReportRequest,
  signal: AbortSignal,
  onProgress: (progress: DownloadProgress) => void,
): Promise<{ blob: Blob; fileName: string }> {
  const response = await api.postForResponse(pathOf(reportRoutes.export), request, signal)
  const range = { start: Date.parse(request.start_date), end: Date.parse(request.end_date) }
  let tail = ''
  let share: number | null = null
  const text = await readText(response, (chunk, bytes) => {
    const lines = (tail + chunk).split('\n')
    tail = lines.pop() ?? ''
    for (let at = lines.length - 1; at >= 0; at--) {
      const found = csvProgress(lines[at]!, range.start, range.end)
      if (found !== null) {
        share = found
        break
      }
    }
    onProgress({ bytes, share })
  })
  return {
    blob: new Blob([text], { type: 'text/csv;charset=utf-8' }),
    fileName: csvFileName(response, request),
  }
}

/** Offers a file to the user (the browser's download). */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.rel = 'noopener'
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}

export const reportTemplatesQueryKey = ['report-templates'] as const

/** GET /api/reports/templates: the account's saved reports. */
export function useReportTemplates() {
  const api = useApi()
  return useQuery({
    queryKey: reportTemplatesQueryKey,
    queryFn: () => callRoute(api, reportTemplateRoutes.list),
  })
}

/** Save a new template, update one (its id) or delete one; the list is read again after each. */
export function useTemplateActions() {
  const api = useApi()
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: reportTemplatesQueryKey })
  const save = useMutation({
    mutationFn: (template: SaveReportTemplate & { id?: number }): Promise<ReportTemplate> => {
      const { id, ...body } = template
      return id === undefined
        ? callRoute(api, reportTemplateRoutes.create, { body })
        : callRoute(api, reportTemplateRoutes.update, { params: { id }, body })
    },
    onSuccess: refresh,
  })
  const remove = useMutation({
    mutationFn: (id: number) => callRoute(api, reportTemplateRoutes.remove, { params: { id } }),
    onSuccess: refresh,
  })
  return { save, remove }
}
