/** The IANA time zones this browser knows, with UTC (some engines leave it out of the list). */
export function listTimeZones(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []
  return zones.includes('UTC') ? [...zones] : ['UTC', ...zones]
}

/** The zone the browser itself is in. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
}

/** `GMT+2` for a zone at a moment, empty when the browser cannot say. */
export function zoneOffset(zone: string, at: Date = new Date()): string {
  try {
    const parts = new Intl.DateTimeFormat('en', {
      timeZone: zone,
      timeZoneName: 'shortOffset',
    }).formatToParts(at)
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? ''
  } catch {
    return ''
  }
}

/** Time zones grouped by region (`Europe`, `America` ...) for a searchable select. */
export function groupTimeZones(zones: readonly string[], at: Date = new Date()) {
  const groups = new Map<string, { value: string; label: string }[]>()
  for (const zone of zones) {
    const region = zone.includes('/') ? (zone.split('/')[0] ?? zone) : 'UTC'
    const offset = zoneOffset(zone, at)
    const label = `${zone.replaceAll('_', ' ')}${offset ? ` (${offset})` : ''}`
    groups.set(region, [...(groups.get(region) ?? []), { value: zone, label }])
  }
  return [...groups].map(([group, items]) => ({ group, items }))
}
