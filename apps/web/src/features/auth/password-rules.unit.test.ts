import { describe, expect, it } from 'vitest'
import { checkPasswordRules } from './password-rules'

const unmet = (password: string, confirmation = password) =>
  checkPasswordRules(password, confirmation)
    .filter((rule) => !rule.met)
    .map((rule) => rule.rule)

describe('password rules while typing', () => {
  it('lists what is still missing', () => {
    expect(unmet('')).toEqual(['length', 'lower', 'upper', 'digit', 'special', 'match'])
    expect(unmet('tomato')).toEqual(['length', 'upper', 'digit', 'special'])
    expect(unmet('Tomato2026')).toEqual(['special'])
    expect(unmet('Tomato-2026!')).toEqual([])
  })

  it('wants the same password twice', () => {
    expect(unmet('Tomato-2026!', 'Tomato-2026?')).toEqual(['match'])
  })
})
