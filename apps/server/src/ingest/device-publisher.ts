import { type DownKind, downTopic } from '@kropla/domain'
import type { Logger } from 'pino'
import type { MqttTransport } from './mqtt-embedded'

export type { DownKind }

/**
 * Messages to modules (`kropla/v1/{serial}/down/{kind}`, QoS 1). The MQTT transport starts after
 * HTTP listens, so it is attached late; until then (and after shutdown) nothing is sent and
 * `publish` answers false: the caller keeps the command pending.
 */
export function createDevicePublisher(
  logger: Logger,
  /** Each message to a module, sent or not: the supervisor's traffic view. */
  onSent?: (entry: { serial: string; kind: DownKind; sent: boolean }) => void,
) {
  let transport: MqttTransport | undefined
  return {
    attach(to: MqttTransport) {
      transport = to
    },
    detach() {
      transport = undefined
    },
    async publish(
      serial: string,
      kind: DownKind,
      payload: unknown,
      options: { retain?: boolean } = {},
    ): Promise<boolean> {
      if (!transport) {
        logger.warn({ serial, kind }, 'no MQTT transport: message to the module not sent')
        onSent?.({ serial, kind, sent: false })
        return false
      }
      try {
        await transport.publish(downTopic(serial, kind), JSON.stringify(payload), options)
        onSent?.({ serial, kind, sent: true })
        return true
      } catch (error) {
        logger.error({ err: error, serial, kind }, 'message to the module not sent')
        onSent?.({ serial, kind, sent: false })
        return false
      }
    },
    /** Removes the retained message of that topic (an empty retained publish); false when not sent. */
    async clearRetained(serial: string, kind: DownKind): Promise<boolean> {
      if (!transport) return false
      try {
        await transport.publish(downTopic(serial, kind), '', { retain: true })
        return true
      } catch (error) {
        logger.error({ err: error, serial, kind }, 'retained message not cleared')
        return false
      }
    },
  }
}
export type DevicePublisher = ReturnType<typeof createDevicePublisher>
