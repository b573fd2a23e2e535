/** An age in seconds as the largest whole unit: 45 s, 12 min, 3 h, 2 d (the catalogue words it). */
export function ageParts(seconds: number): { key: 'seconds' | 'minutes' | 'hours' | 'days'; count: number } {
  if (seconds < 60) return { key: 'seconds', count: Math.max(0, Math.floor(seconds)) }
  if (seconds < 3600) return { key: 'minutes', count: Math.floor(seconds / 60) }
  if (seconds < 86_400) return { key: 'hours', count: Math.floor(seconds / 3600) }
  return { key: 'days', count: Math.floor(seconds / 86_400) }
}
