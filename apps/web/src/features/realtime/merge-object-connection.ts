import type { MeResponse, ObjectConnection } from '@kropla/domain'

/** Applies an `objects_connection` event: the module's online state changes, nothing else does. */
export function mergeObjectConnection(me: MeResponse, event: ObjectConnection): MeResponse {
  const index = me.objects.findIndex((object) => object.id === event.id_object)
  const object = me.objects[index]
  if (!object || object.connection === event.connection) return me
  const objects = me.objects.slice()
  objects[index] = { ...object, connection: event.connection }
  return { ...me, objects }
}
