import { describe, expect, it } from 'vitest'
import { renderLoginShell } from './login-shell'

describe('the pre-rendered login screen', () => {
  it.each([
    [
      'en',
      ['Log in', 'E-mail', 'Password', 'Forgot your password?', 'Irrigation control and field monitoring'],
    ],
    ['pl', ['Zaloguj', 'E-mail', 'Hasło', 'Nie pamiętasz hasła?', 'Sterowanie nawadnianiem']],
  ] as const)('shows the whole form in %s, inert until the app takes over', (lang, words) => {
    const shell = renderLoginShell(lang)
    expect(shell.startsWith('<div inert>')).toBe(true)
    for (const word of words) expect(shell).toContain(word)
    expect(shell).toMatch(/<input[^>]*name="email"/)
    expect(shell).toMatch(/<input[^>]*name="password"/)
    // A key left untranslated would show as itself, e.g. "login.title".
    expect(shell).not.toMatch(/>\s*(app|login|errors)\.[a-z_]+\s*</)
  })
})
