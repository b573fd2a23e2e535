import type { en } from './en'

type Leaves<T> = { [K in keyof T]: T[K] extends string ? string : Leaves<T[K]> }

/** The shape every catalogue must have: the English one's keys, any wording. */
export type Messages = Leaves<typeof en>
