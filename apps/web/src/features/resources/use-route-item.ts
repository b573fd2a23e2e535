import type { UseQueryResult } from '@tanstack/react-query'
import { useParams } from 'react-router'

/** The item a detail route names: `:id` is `new` (id null, nothing existing) or the id of a list row. */
export interface RouteItem<Item> {
  id: number | null
  /** Undefined for `new`, while the list loads, or when no row has that id. */
  existing: Item | undefined
}

/** Reads `:id` and looks it up in the list the detail page edits (the lists are already cached by the list screens). */
export function useRouteItem<Item extends { id: number }>(list: UseQueryResult<Item[]>): RouteItem<Item> {
  const { id: idParam } = useParams()
  const id = idParam === 'new' ? null : Number(idParam)
  const existing = id === null ? undefined : list.data?.find((item) => item.id === id)
  return { id, existing }
}
