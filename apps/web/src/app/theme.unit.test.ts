import fs from 'node:fs'
import { DEFAULT_THEME } from '@mantine/core'
import { describe, expect, it } from 'vitest'
import { theme } from './theme'

/** The colours text-colours.css gives each scheme, read from the stylesheet the app loads. */
function schemeColours(scheme: 'light' | 'dark'): Record<string, string> {
  const css = fs.readFileSync(new URL('./text-colours.css', import.meta.url), 'utf8')
  const block =
    css.split(new RegExp(`\\[data-mantine-color-scheme=['"]${scheme}['"]\\]`))[1]?.split('}')[0] ?? ''
  return Object.fromEntries(
    [...block.matchAll(/--mantine-color-(\w+):\s*(#[0-9a-f]{6})/g)].map((m) => [m[1], m[2]]),
  )
}

const textColours = {
  light: { body: '#ffffff', ...schemeColours('light') },
  dark: { body: DEFAULT_THEME.colors.dark[7], ...schemeColours('dark') },
} as { light: Record<string, string>; dark: Record<string, string> }

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}

const aa = 4.5

describe('text contrast of the theme (WCAG AA, 4.5:1)', () => {
  it('measures what it should: Mantine’s own secondary text fails on white', () => {
    expect(contrast(DEFAULT_THEME.colors.gray[6], '#ffffff')).toBeCloseTo(3.3, 1)
  })

  for (const scheme of ['light', 'dark'] as const) {
    it(`secondary labels and placeholders read on the ${scheme} background`, () => {
      const { body, dimmed, placeholder } = textColours[scheme] as Record<string, string>
      expect(dimmed).toMatch(/^#/)
      expect(placeholder).toMatch(/^#/)
      expect(contrast(dimmed as string, body as string)).toBeGreaterThanOrEqual(aa)
      expect(contrast(placeholder as string, body as string)).toBeGreaterThanOrEqual(aa)
    })
  }

  it('white text on a primary button, and the primary colour as link text on white', () => {
    const shade = theme.primaryShade as number
    const primary = DEFAULT_THEME.colors.cyan[shade] as string
    expect(contrast(primary, '#ffffff')).toBeGreaterThanOrEqual(aa)
  })

  // Status words (badges, flagged values, "Not communicating") in the colours the screens use: as
  // text or outline on a card (white) and on the page (gray 0), as a light badge on its own shade 1,
  // and white on a filled badge. All shade 9 under primaryShade 9.
  const palette = { ...DEFAULT_THEME.colors, ...theme.colors } as Record<string, readonly string[]>
  for (const colour of [
    'red',
    'orange',
    'yellow',
    'teal',
    'green',
    'lime',
    'blue',
    'cyan',
    'gray',
    'grape',
  ]) {
    it(`${colour} status text reads as text, outline, light and filled badge`, () => {
      const shades = palette[colour] as readonly string[]
      const text = shades[9] as string
      expect(contrast(text, '#ffffff')).toBeGreaterThanOrEqual(aa)
      expect(contrast(text, DEFAULT_THEME.colors.gray[0])).toBeGreaterThanOrEqual(aa)
      expect(contrast(text, shades[1] as string)).toBeGreaterThanOrEqual(aa)
    })
  }

  it('secondary labels on the page background (gray 0) around the cards', () => {
    expect(contrast(textColours.light.dimmed as string, DEFAULT_THEME.colors.gray[0])).toBeGreaterThanOrEqual(
      aa,
    )
  })
})
