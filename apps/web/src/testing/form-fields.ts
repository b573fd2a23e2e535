import { fireEvent } from '@testing-library/react'

/** A form control by its `name`, which every input of a schema form carries (its field path). */
export function field(name: string): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>(`[name="${name}"]`)
  if (!input) throw new Error(`no input named ${name}`)
  return input
}

export function type(name: string, value: string) {
  fireEvent.change(field(name), { target: { value } })
}

/** The error shown under one field (Mantine links it by aria-describedby). */
export function errorOf(name: string): string {
  const ids = field(name).getAttribute('aria-describedby')?.split(' ') ?? []
  return ids
    .map((id) => document.getElementById(id))
    .filter((node) => node?.className.includes('error'))
    .map((node) => node?.textContent ?? '')
    .join(' ')
}
