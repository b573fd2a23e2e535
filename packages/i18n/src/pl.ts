import type { Messages } from './messages'
import { plApp } from './pl-app'
import { plPublic } from './pl-public'

/** Katalog polski. Klucze jak w katalogu angielskim; `errors.*` zachowują brzmienie specyfikacji. */
export const pl: Messages = {
  ...plPublic,
  ...plApp,
  // The one section in both parts, joined key by key (the browser merges it the same way).
  errors: { ...plPublic.errors, ...plApp.errors },
}
