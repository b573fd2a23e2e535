import type { ReportAnswer, ReportRequest } from '@kropla/domain'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import { type DownloadProgress, saveFile, useReportDownloads } from './reports-api'

export const reportQueryKey = (request: ReportRequest | null) =>
  ['report', request ? JSON.stringify(request) : ''] as const

/**
 * The report of a request, generated once per request (kept while the screen shows it), with the
 * bytes received so far; `cancel` aborts the request (react-query's signal) and forgets it.
 */
export function useReportGeneration(request: ReportRequest | null) {
  const downloads = useReportDownloads()
  const queryClient = useQueryClient()
  const [progress, setProgress] = useState<DownloadProgress>({ bytes: 0, share: null })
  const json = reportQueryKey(request)[1]
  const query = useQuery<ReportAnswer>({
    queryKey: ['report', json],
    queryFn: ({ signal }) => {
      setProgress({ bytes: 0, share: null })
      return downloads.generate(request!, signal, setProgress)
    },
    enabled: request !== null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 5 * 60_000,
    retry: false,
    refetchOnWindowFocus: false,
  })
  const cancel = useCallback(async () => {
    await queryClient.cancelQueries({ queryKey: ['report', json] })
    queryClient.removeQueries({ queryKey: ['report', json] })
  }, [queryClient, json])
  return { query, progress, cancel }
}

export type ExportState =
  | { state: 'idle' }
  | { state: 'running'; progress: DownloadProgress }
  | { state: 'done'; fileName: string }
  | { state: 'failed'; error: unknown }

/** The CSV export of a request: started, followed and cancelled by the user; the file saved at its end. */
export function useReportExport(request: ReportRequest | null) {
  const downloads = useReportDownloads()
  const [status, setStatus] = useState<ExportState>({ state: 'idle' })
  const controller = useRef<AbortController | null>(null)
  useEffect(() => () => controller.current?.abort(), [])
  const start = useCallback(async () => {
    if (!request || controller.current) return
    const running = new AbortController()
    controller.current = running
    setStatus({ state: 'running', progress: { bytes: 0, share: 0 } })
    try {
      const { blob, fileName } = await downloads.exportCsv(request, running.signal, (progress) =>
        setStatus({ state: 'running', progress }),
      )
      saveFile(blob, fileName)
      setStatus({ state: 'done', fileName })
    } catch (error) {
      setStatus(running.signal.aborted ? { state: 'idle' } : { state: 'failed', error })
    } finally {
      controller.current = null
    }
  }, [downloads, request])
  const cancel = useCallback(() => controller.current?.abort(), [])
  return { status, start, cancel }
}
