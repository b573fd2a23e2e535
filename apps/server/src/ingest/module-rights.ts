import { downFilterSerial, isOwnDownTopic } from '@kropla/domain'
import type { KnownObject, ObjectDirectory } from './object-directory'

/**
 * A logged-in module's topic rights (device protocol, "MQTT"): it publishes under its own serial
 * and subscribes to its own `down/`; a base station both also for the modules assigned to it. The
 * embedded broker asks this for every PUBLISH and SUBSCRIBE, and so does an external broker's HTTP
 * authorization hook.
 */
export function createModuleRights(directory: ObjectDirectory) {
  /** The module the sender may publish for under `topicSerial`, or null. */
  async function mayPublishFor(senderSerial: string, topicSerial: string): Promise<KnownObject | null> {
    const module = await directory.find(topicSerial)
    if (!module || topicSerial === senderSerial) return module
    const station = await directory.find(senderSerial)
    return station && module.baseStationId === station.id ? module : null
  }

  return {
    mayPublishFor,
    /** Wildcards for the serial, and anything outside `down/`, are refused. */
    async maySubscribe(senderSerial: string, topicFilter: string): Promise<boolean> {
      if (isOwnDownTopic(senderSerial, topicFilter)) return true
      const serial = downFilterSerial(topicFilter)
      return serial !== null && (await mayPublishFor(senderSerial, serial)) !== null
    },
  }
}
export type ModuleRights = ReturnType<typeof createModuleRights>
