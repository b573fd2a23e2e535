import { minPasswordLength } from '@kropla/domain'

export type PasswordRule = 'length' | 'lower' | 'upper' | 'digit' | 'special' | 'match'

/**
 * Spec 01 section 5, rule by rule, to show while the user types (the domain's passwordSchema says
 * the same as one verdict): at least 8 characters, lower and upper case, a digit, a special
 * character, and the two entries the same.
 */
export function checkPasswordRules(
  password: string,
  confirmation: string,
): { rule: PasswordRule; met: boolean }[] {
  return [
    { rule: 'length', met: password.length >= minPasswordLength },
    { rule: 'lower', met: /[a-z]/.test(password) },
    { rule: 'upper', met: /[A-Z]/.test(password) },
    { rule: 'digit', met: /\d/.test(password) },
    { rule: 'special', met: /[^A-Za-z0-9]/.test(password) },
    { rule: 'match', met: password.length > 0 && password === confirmation },
  ]
}
