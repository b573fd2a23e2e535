import { type ComponentType, memo } from 'react'
import type { ScheduleForm } from './schedule-form'

export interface CardProps {
  form: ScheduleForm
  /**
   * What the card shows, as text: its values and their errors. Every change of the wizard re-renders
   * the form; a card draws again only when its own part changed (Mantine's form clones all values on
   * each change, so identity cannot tell).
   */
  watch: string
}

/** A card of the wizard that draws again only when its `watch` (or any other prop but the form) changes. */
export function memoCard<Props extends CardProps>(Card: ComponentType<Props>) {
  return memo(Card, (before, after) =>
    Object.keys(after).every(
      (key) => key === 'form' || before[key as keyof Props] === after[key as keyof Props],
    ),
  )
}

/** The `watch` of a card: the values it shows and the errors under its paths. */
export function watchOf(form: ScheduleForm, values: unknown, paths: readonly string[]): string {
  const errors = Object.entries(form.errors).filter(([path]) =>
    paths.some((prefix) => path === prefix || path.startsWith(`${prefix}.`)),
  )
  return JSON.stringify([values, errors])
}
