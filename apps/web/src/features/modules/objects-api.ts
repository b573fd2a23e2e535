import { type DeviceModel, findModel, type ObjectDetail, objectDetailSchema } from '@kropla/domain'
import type { QueryClient } from '@tanstack/react-query'
import { useQuery } from '@tanstack/react-query'
import type { i18n as I18n } from 'i18next'
import { useApi } from '../../app/api-context'
import { arrayOf } from '../../lib/api'
import { productSlug } from '../../lib/constants'
import { translateKey } from '../../lib/translate-key'
import { withoutSettledConfig } from './settled-configs'

/** Every module of the account with its settings (GET /api/objects); the module page keeps one under its id. */
export const objectsQueryKey = ['objects'] as const
export const objectQueryKey = (id: number) => ['objects', id] as const

export const modulesPath = `/${productSlug}_2/modules`
export const modulePath = (id: number) => `${modulesPath}/${id}`

const objectListParser = arrayOf(objectDetailSchema)

export function useObjects() {
  const api = useApi()
  return useQuery({
    queryKey: objectsQueryKey,
    queryFn: () => api.get('/api/objects', objectListParser).then((list) => list.map(withoutSettledConfig)),
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
