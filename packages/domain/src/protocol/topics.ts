/** Topic layout of device protocol v1: `kropla/v1/{serial}/{up|down}/{kind}`. */
export const protocolPrefix = 'kropla/v1'

export const upKinds = ['hello', 'data', 'state', 'ack', 'status'] as const
export type UpKind = (typeof upKinds)[number]

export interface UpTopic {
  serial: string
  kind: UpKind
}

export function upTopic(serial: string, kind: UpKind): string {
  return `${protocolPrefix}/${serial}/up/${kind}`
}

export const downKinds = ['cmd', 'config', 'credentials'] as const
export type DownKind = (typeof downKinds)[number]

export function downTopic(serial: string, kind: DownKind): string {
  return `${protocolPrefix}/${serial}/down/${kind}`
}

/** Returns the serial and message kind of a module-to-server topic, or null when the topic is not one. */
export function parseUpTopic(topic: string): UpTopic | null {
  const parts = topic.split('/')
  if (parts.length !== 5 || parts[0] !== 'kropla' || parts[1] !== 'v1' || parts[3] !== 'up') return null
  const serial = parts[2]!
  const kind = parts[4] as UpKind
  // A wildcard is never a serial: MQTT forbids it in a published topic, and no module is called `+`.
  if (!serial || serial.includes('+') || serial.includes('#') || !upKinds.includes(kind)) return null
  return { serial, kind }
}

/** A module may subscribe only to its own `down/#` topics (and their sub-topics). */
export function isOwnDownTopic(serial: string, topicFilter: string): boolean {
  const own = `${protocolPrefix}/${serial}/down/`
  return topicFilter === `${protocolPrefix}/${serial}/down/#` || topicFilter.startsWith(own)
}

/**
 * The serial whose `down/` topics a subscription filter names (`kropla/v1/{serial}/down/#` or one
 * of its sub-topics), or null when it names none or a wildcard stands for the serial. A base
 * station subscribes this way for the modules it relays.
 */
export function downFilterSerial(topicFilter: string): string | null {
  const parts = topicFilter.split('/')
  if (parts.length < 5 || parts[0] !== 'kropla' || parts[1] !== 'v1' || parts[3] !== 'down') return null
  const serial = parts[2]!
  if (!serial || serial.includes('+') || serial.includes('#')) return null
  return isOwnDownTopic(serial, topicFilter) ? serial : null
}
