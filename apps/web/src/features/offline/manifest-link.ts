/** The web app manifest in the user's language (public/manifest.webmanifest, manifest.pl.webmanifest). */
export function manifestFor(lang: string): string {
  return lang === 'pl' ? '/manifest.pl.webmanifest' : '/manifest.webmanifest'
}

/**
 * Points the page's manifest link at the manifest in `lang`, so an install names the app's
 * shortcuts and describes it in the language the user reads it in.
 */
export function linkManifest(document: Document, lang: string): void {
  const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')
  const href = manifestFor(lang)
  if (link && link.getAttribute('href') !== href) link.setAttribute('href', href)
}
