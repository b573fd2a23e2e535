import { enApp } from './en-app'
import { enPublic } from './en-public'

/** English catalogue. Keys are namespaced by feature; `errors.*` keep the spec's error catalogue wording. */
export const en = {
  ...enPublic,
  ...enApp,
  // The one section in both parts, joined key by key (the browser merges it the same way).
  errors: { ...enPublic.errors, ...enApp.errors },
}
