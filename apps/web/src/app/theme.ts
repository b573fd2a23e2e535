import { createTheme } from '@mantine/core'

/** Secondary text and placeholder colours are in text-colours.css (WCAG AA, measured by theme.unit.test.ts). */
export const theme = createTheme({
  primaryColor: 'cyan',
  // Shade 8 under white button text is 4.3:1; shade 9 is 5.6:1.
  primaryShade: 9,
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
})
