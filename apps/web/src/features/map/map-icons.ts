/**
 * Marker pictures as HTML for Leaflet's divIcon (no image files: nothing for the CSP to allow and
 * nothing to fetch offline). Marker 1 to 4 (spec 01 section 3) are four pins told apart by the
 * sign inside; 0 ("none") is a plain dot, so the module is still on the map.
 */
const signs: Record<number, string> = {
  1: '<circle cx="12" cy="11" r="4" fill="#fff"/>',
  2: '<rect x="8" y="7" width="8" height="8" fill="#fff"/>',
  3: '<path d="M12 6 L17 15 L7 15 Z" fill="#fff"/>',
  4: '<path d="M12 6 L17 11 L12 16 L7 11 Z" fill="#fff"/>',
}

const attribute = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

export function pinHtml(marker: number, colour: string, id: string, state: string): string {
  const testId = attribute(id)
  if (!signs[marker])
    return `<span class="kropla-dot" data-testid="${testId}" data-state="${state}" style="background:${colour}"></span>`
  return `<svg class="kropla-pin" data-testid="${testId}" data-state="${state}" width="28" height="36" viewBox="0 0 24 32" aria-hidden="true"><path d="M12 0C5.4 0 0 5.3 0 11.8 0 20.6 12 32 12 32s12-11.4 12-20.2C24 5.3 18.6 0 12 0z" fill="${colour}" stroke="#fff" stroke-width="1.5"/>${signs[marker]}</svg>`
}

export const pinSize = { width: 28, height: 36 } as const
export const dotSize = 14
