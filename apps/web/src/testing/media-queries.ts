/**
 * jsdom has no layout, so no matchMedia: this stands in for it, `matches` saying which media
 * queries hold (none on the default screen; `(query) => query.includes('max-width')` on a phone).
 */
export function mediaQueries(matches: (query: string) => boolean): (query: string) => MediaQueryList {
  return (query: string) =>
    ({
      matches: matches(query),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList
}
