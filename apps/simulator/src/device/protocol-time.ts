/** `ts` as the protocol writes it: ISO 8601 UTC to the second, like module clocks keep it. */
export function toProtocolTimestamp(at: Date): string {
  return at.toISOString().replace(/\.\d{3}Z$/, 'Z')
}

export function floorToSecond(at: Date): Date {
  return new Date(Math.floor(at.getTime() / 1000) * 1000)
}
