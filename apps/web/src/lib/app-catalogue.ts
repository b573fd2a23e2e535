/**
 * The screens behind login show the part of the catalogue the login page does without (issue 11,
 * item 7: the first load carries only the public part). The browser app says how to fetch it
 * (start-i18n.ts); the tests' i18next instances hold both catalogues whole, so by default there is
 * nothing to wait for.
 */
let loadAppCatalogue: () => Promise<void> = () => Promise.resolve()

export function provideAppCatalogue(load: () => Promise<void>): void {
  loadAppCatalogue = load
}

/** A screen's chunk and the catalogue part it shows, fetched side by side: neither waits for the other. */
export async function withAppCatalogue<T>(importScreen: () => Promise<T>): Promise<T> {
  const [screen] = await Promise.all([importScreen(), loadAppCatalogue()])
  return screen
}
