import { type TestRun, type TestRunsAnswer, testAreaRoutes } from '@kropla/domain'
import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query'
import { useApi } from '../../app/api-context'
import { callRoute } from '../../lib/call-route'

/** The test area's history, page by page (`GET /api/test/runs`), newest first. */
export const testRunsQueryKey = ['test_runs'] as const
const pageSize = 20

export function useTestRuns() {
  const api = useApi()
  return useInfiniteQuery({
    queryKey: testRunsQueryKey,
    queryFn: ({ pageParam }) =>
      callRoute(api, testAreaRoutes.listRuns, {
        query: { limit: String(pageSize), ...(pageParam ? { before: String(pageParam) } : {}) },
      }),
    initialPageParam: 0,
    getNextPageParam: (last: TestRunsAnswer) => last.next_before ?? undefined,
  })
}

/**
 * A `test_runs` event (or a started test's answer): the run takes its place in the history's first
 * page (a new one on top), so the history and every test screen follow it live.
 */
export function applyTestRun(queryClient: QueryClient, run: TestRun, isEvent = true) {
  if (isEvent) queryClient.setQueryData(testRunKey(run.id), run)
  queryClient.setQueryData<InfiniteData<TestRunsAnswer, unknown>>(testRunsQueryKey, (data) => {
    if (!data) return data
    const known = data.pages.some((page) => page.runs.some((row) => row.id === run.id))
    // The answer of a started test never overwrites what its events already told.
    if (known && !isEvent) return data
    const pages = data.pages.map((page, index) => {
      if (known) return { ...page, runs: page.runs.map((row) => (row.id === run.id ? run : row)) }
      return index === 0 ? { ...page, runs: [run, ...page.runs] } : page
    })
    return { ...data, pages }
  })
}

/** Every run the history holds so far, newest first. */
export function runsOf(data: { pages: TestRunsAnswer[] } | undefined): TestRun[] {
  return data?.pages.flatMap((page) => page.runs) ?? []
}

/** One run, kept live by the `test_runs` events (a test screen follows the run it started). */
export const testRunKey = (id: number) => ['test_run', id] as const

export function useTestRun(id: number | null) {
  const api = useApi()
  return useQuery({
    queryKey: testRunKey(id ?? 0),
    queryFn: () => callRoute(api, testAreaRoutes.getRun, { params: { id: id ?? 0 } }),
    enabled: id !== null,
  })
}

/** A module's outputs, last messages and refusals (`GET /api/test/objects/:id`). */
export function useModuleDiagnostics(id: number) {
  const api = useApi()
  return useQuery({
    queryKey: ['test_objects', id],
    queryFn: () => callRoute(api, testAreaRoutes.diagnostics, { params: { id } }),
    refetchInterval: 10_000,
  })
}

/** What a test runs: one output, a group's outputs in turn, or the resources' walk. */
export type TestTarget =
  | { kind: 'output'; id: number }
  | { kind: 'group'; id: number }
  | { kind: 'resources' }

/**
 * Starts a test (`POST /api/test/...` with its seconds) and keeps its run: the answer is the run
 * as it started; a `test_runs` event that came first (a later state) is not overwritten.
 */
export function useStartTest() {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ target, seconds }: { target: TestTarget; seconds: number }) =>
      target.kind === 'output'
        ? callRoute(api, testAreaRoutes.testOutput, { params: { id: target.id }, body: { seconds } })
        : target.kind === 'group'
          ? callRoute(api, testAreaRoutes.testGroup, { params: { id: target.id }, body: { seconds } })
          : callRoute(api, testAreaRoutes.testResources, { body: { seconds } }),
    onSuccess: (run) => {
      if (!queryClient.getQueryData(testRunKey(run.id))) queryClient.setQueryData(testRunKey(run.id), run)
      applyTestRun(queryClient, run, false)
    },
    onSettled: (_run, error) => {
      // A refusal during a schedule is recorded too: the history shows it.
      if (error) void queryClient.invalidateQueries({ queryKey: testRunsQueryKey })
    },
  })
}

export function useCancelTest() {
  const api = useApi()
  return useMutation({
    mutationFn: (id: number) => callRoute(api, testAreaRoutes.cancelRun, { params: { id } }),
  })
}
