export interface RemainingTime {
  value: number
  unit: 's' | 'min' | 'h'
}

/**
 * How long until an output closes, as the manual-control screen shows it (spec 01 section 4:
 * seconds, minutes or hours, rounded to half units).
 *
 * - under 60 s: whole seconds (45 s → 45 s);
 * - under 60 min once rounded to half minutes: minutes (90 s → 1.5 min, 75 s → 1.5 min,
 *   3 584 s → 59.5 min);
 * - from there: hours in halves (3 590 s → 1 h, 150 min → 2.5 h).
 *
 * Halves round half up; negative or non-finite input reads 0 s.
 */
export function formatRemaining(seconds: number): RemainingTime {
  const whole = Number.isFinite(seconds) ? Math.max(0, Math.round(seconds)) : 0
  if (whole < 60) return { value: whole, unit: 's' }
  const minutes = Math.round(whole / 30) / 2
  if (minutes < 60) return { value: minutes, unit: 'min' }
  return { value: Math.round(whole / 1800) / 2, unit: 'h' }
}
