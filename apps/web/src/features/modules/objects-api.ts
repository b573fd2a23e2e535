import { type DeviceModel, findModel, type ObjectDetail, objectRoutes } from '@kropla/domain'
import type { QueryClient } from '@tanstack/react-query'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { i18n as I18n } from 'i18next'
import { useApi } from '../../app/api-context'
import { callRoute, type RouteBody } from '../../lib/call-route'
import { productSlug } from '../../lib/constants'
import type { MutationCallbacks } from '../../lib/mutation-callbacks'
import { translateKey } from '../../lib/translate-key'
import { resourceQueryKeys } from '../resources/resources-api'
import { meQueryKey } from '../session/me-query'
import { withoutSettledConfig } from './settled-configs'

/** Every module of the account with its settings (GET /api/objects); the module page keeps one under its id. */
export const objectsQueryKey = ['objects'] as const
export const objectQueryKey = (id: number) => ['objects', id] as const

export const modulesPath = `/${productSlug}_2/modules`
export const modulePath = (id: number) => `${modulesPath}/${id}`

export function useObjects() {
  const api = useApi()
  return useQuery({
    queryKey: objectsQueryKey,
    queryFn: () => callRoute(api, objectRoutes.list).then((list) => list.map(withoutSettledConfig)),
  })
}

/**
 * GET /api/objects/{id}: one module, kept under its own id. `refetchInterval` asks again while the
 * caller waits for something (the module page, for settings not yet acknowledged).
 */
export function useObject(id: number, refetchInterval?: (data: ObjectDetail | undefined) => number | false) {
  const api = useApi()
  return useQuery({
    queryKey: objectQueryKey(id),
    queryFn: () => callRoute(api, objectRoutes.get, { params: { id } }).then(withoutSettledConfig),
    refetchInterval: refetchInterval ? (query) => refetchInterval(query.state.data) : false,
  })
}

/** PUT /api/objects/{id}: the saved module replaces its copies; /api/me lists its name and place. */
export function useUpdateObject(id: number, callbacks: MutationCallbacks<ObjectDetail, unknown> = {}) {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: unknown) =>
      callRoute(api, objectRoutes.update, {
        params: { id },
        body: body as RouteBody<typeof objectRoutes.update>,
      }),
    onSuccess: (saved, body) => {
      storeObject(queryClient, saved)
      void queryClient.invalidateQueries({ queryKey: meQueryKey })
      callbacks.onSuccess?.(saved, body)
    },
    onError: callbacks.onError,
  })
}

/** PUT /api/objects/{id}/groups or /regions: the module's groups or regions, chosen as a whole. */
export function useAssignObject(
  id: number,
  kind: 'groups' | 'regions',
  callbacks: MutationCallbacks<ObjectDetail, number[]> = {},
) {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (ids: number[]) =>
      callRoute(api, kind === 'groups' ? objectRoutes.updateGroups : objectRoutes.updateRegions, {
        params: { id },
        body: { ids },
      }),
    onSuccess: (saved, ids) => {
      storeObject(queryClient, saved)
      void queryClient.invalidateQueries({ queryKey: resourceQueryKeys[kind] })
      void queryClient.invalidateQueries({ queryKey: meQueryKey })
      callbacks.onSuccess?.(saved, ids)
    },
  })
}

/** POST /api/objects/check: what module a serial and PIN name, before it is added. */
export function useCheckObject(callbacks: MutationCallbacks<unknown, unknown> = {}) {
  const api = useApi()
  return useMutation({
    mutationFn: (body: { serial: string; pin: string }) => callRoute(api, objectRoutes.check, { body }),
    onError: callbacks.onError,
  })
}

/** POST /api/objects/nfc: the module an NFC tag's code names. */
export function useNfcLookUp() {
  const api = useApi()
  return useMutation({
    mutationFn: (code: string) => callRoute(api, objectRoutes.nfc, { body: { code } }),
  })
}

/** POST /api/objects: the module added with its settings; the lists and /api/me read afresh. */
export function useAddObject(callbacks: MutationCallbacks<ObjectDetail, unknown> = {}) {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: unknown) =>
      callRoute(api, objectRoutes.create, { body: body as RouteBody<typeof objectRoutes.create> }),
    onSuccess: (created, body) => {
      storeObject(queryClient, created)
      void queryClient.invalidateQueries({ queryKey: objectsQueryKey })
      void queryClient.invalidateQueries({ queryKey: meQueryKey })
      callbacks.onSuccess?.(created, body)
    },
    onError: callbacks.onError,
  })
}

/** A saved module replaces its copy in the list and under its own id. */
export function storeObject(queryClient: QueryClient, answer: ObjectDetail) {
  const saved = withoutSettledConfig(answer)
  queryClient.setQueryData(objectQueryKey(saved.id), saved)
  queryClient.setQueryData<ObjectDetail[]>(objectsQueryKey, (list) =>
    list?.some((row) => row.id === saved.id)
      ? list.map((row) => (row.id === saved.id ? saved : row))
      : list && [...list, saved],
  )
}

/** The catalogue wording of a model: `models.<key>.<what>`, falling back to the model code. */
export function modelWording(
  i18n: I18n,
  code: string,
  what: 'short' | 'description' | 'creation_title' | 'group_assign_title' | 'region_assign_title',
): string {
  const model: DeviceModel | undefined = findModel(code)
  return translateKey(i18n, `models.${model?.dictionaryKey ?? code}.${what}`, code)
}
