import { createTheme, DEFAULT_THEME, type MantineColorsTuple, type MantineThemeOverride } from '@mantine/core'

/** A Mantine palette with its darkest shade (9) replaced. */
const withShade9 = (
  name: 'orange' | 'yellow' | 'teal' | 'green' | 'lime',
  shade9: string,
): MantineColorsTuple =>
  [...(DEFAULT_THEME.colors[name] ?? []).slice(0, 9), shade9] as unknown as MantineColorsTuple

/**
 * Secondary text and placeholder colours are in text-colours.css (WCAG AA, measured by theme.unit.test.ts).
 * With shade 9 the primary, state colours are shade 9 too: text and outline badges on white or the
 * page's gray, light badges on shade 1, white on filled. Mantine's orange, yellow, teal, green and
 * lime 9 read below 4.5:1 so (the "Not communicating" badge was 4.3:1, "Online" 4.3:1): darker here.
 */
export const theme = createTheme({
  primaryColor: 'cyan',
  // Shade 8 under white button text is 4.3:1; shade 9 is 5.6:1.
  primaryShade: 9,
  colors: {
    orange: withShade9('orange', '#bb3e0d'),
    yellow: withShade9('yellow', '#a65600'),
    teal: withShade9('teal', '#087a57'),
    green: withShade9('green', '#267937'),
    lime: withShade9('lime', '#4b790b'),
  },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
})

/** The decimal separator of a language ("," in Polish, "." in English). */
export function decimalSeparatorOf(lang: string): string {
  return new Intl.NumberFormat(lang).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.'
}

/**
 * The theme for a user of the language: every number input shows and accepts the language's decimal
 * separator ("1,5" in Polish), and a "." or "," typed becomes it; what the input hands the form is
 * the number itself (1.5), so the shared schemas and the server see numbers whatever the language.
 * No thousands separator: a typed 1500 stays 1500.
 */
export function themeFor(lang: string): MantineThemeOverride {
  return {
    ...theme,
    components: {
      ...theme.components,
      NumberInput: { defaultProps: { decimalSeparator: decimalSeparatorOf(lang) } },
    },
  }
}
