import { type CSSVariablesResolver, createTheme, DEFAULT_THEME } from '@mantine/core'

const { gray, dark } = DEFAULT_THEME.colors

/**
 * Text colours read outdoors, on a phone in the sun: every one at least WCAG AA (4.5:1) on the
 * background it sits on (theme.unit.test.ts measures them). Mantine's own secondary text (gray 6,
 * #868e96) is 3.3:1 on white and its placeholder (gray 5) 2:1.
 */
export const textColours = {
  light: { body: '#ffffff', dimmed: gray[7], placeholder: '#6c757d' },
  dark: { body: dark[7], dimmed: dark[1], placeholder: '#9a9a9a' },
} as const

export const theme = createTheme({
  primaryColor: 'cyan',
  // Shade 8 under white button text is 4.3:1; shade 9 is 5.6:1.
  primaryShade: { light: 9, dark: 8 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
})

/** Mantine's colour variables with the secondary text and placeholders above (`dimmed` is Text c="dimmed"). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': textColours.light.dimmed,
    '--mantine-color-placeholder': textColours.light.placeholder,
  },
  dark: {
    '--mantine-color-dimmed': textColours.dark.dimmed,
    '--mantine-color-placeholder': textColours.dark.placeholder,
  },
})
