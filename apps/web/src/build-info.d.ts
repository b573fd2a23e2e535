declare module 'virtual:build-info' {
  /** The web app's version (apps/web/package.json) at build time. */
  export const version: string
  /** Every package the app ships, with its licence, read from package metadata at build time (apps/web/build-info.ts). */
  export const licences: readonly { name: string; version: string; license: string }[]
}
