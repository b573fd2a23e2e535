import type { en } from './en'
import type { enApp } from './en-app'
import type { enPublic } from './en-public'

type Leaves<T> = { [K in keyof T]: T[K] extends string ? string : Leaves<T[K]> }

/** The shape every catalogue must have: the English one's keys, any wording. */
export type Messages = Leaves<typeof en>
/** The part of a catalogue the browser loads first, before anyone logs in. */
export type PublicMessages = Leaves<typeof enPublic>
/** The rest, loaded with the screens behind login. */
export type AppMessages = Leaves<typeof enApp>
