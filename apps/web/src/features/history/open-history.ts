import { useSyncExternalStore } from 'react'

/** What the history dialog shows: one field of one module. */
export interface HistoryTarget {
  idObject: number
  field: string
}

let current: HistoryTarget | null = null
const listeners = new Set<() => void>()
const changed = () => {
  for (const listener of listeners) listener()
}

/**
 * Opens the history dialog of a module's value from anywhere (a start card, the module page, a
 * dashboard widget). Small on purpose: the dialog and its chart library load only when it opens.
 */
export function openHistory(target: HistoryTarget) {
  current = target
  changed()
}

export function closeHistory() {
  current = null
  changed()
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** The value whose history is open, or null. */
export const useHistoryTarget = () => useSyncExternalStore(subscribe, () => current)
