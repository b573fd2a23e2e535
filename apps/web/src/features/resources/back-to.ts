import { useLocation } from 'react-router'

/** What a list passes to the detail page it opens, so saving or "back" returns to that list. */
export function useFromHere(): { from: string } {
  return { from: useLocation().pathname }
}

/** The list this detail page was opened from, or its usual one. */
export function useBackTo(fallback: string): string {
  const state = useLocation().state as { from?: unknown } | null
  return typeof state?.from === 'string' ? state.from : fallback
}
