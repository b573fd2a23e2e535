import type { ObjectConfigState, ObjectDetail } from '@kropla/domain'
import type { QueryClient } from '@tanstack/react-query'
import { objectQueryKey, objectsQueryKey } from './objects-api'
import { settleConfig, withoutSettledConfig } from './settled-configs'

/**
 * Applies an `objects_config` event: the module's reconfiguration started (`config_pending` set)
 * or ended (null) on the module page and in the list, whichever the browser holds.
 */
export function applyObjectConfigState(queryClient: QueryClient, event: ObjectConfigState) {
  if (event.settled_id) settleConfig(event.settled_id)
  const update = (object: ObjectDetail): ObjectDetail =>
    object.id === event.id_object
      ? withoutSettledConfig({ ...object, config_pending: event.config_pending })
      : object
  queryClient.setQueryData<ObjectDetail>(
    objectQueryKey(event.id_object),
    (object) => object && update(object),
  )
  queryClient.setQueryData<ObjectDetail[]>(objectsQueryKey, (list) => list?.map(update))
}
