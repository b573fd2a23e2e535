// Kept apart from the zod schemas: the browser's route guards import these rules into the first
// screen's bundle, and a module that builds schemas would bring zod along (it cannot be tree-shaken).

/** User types: a user counts as admin when the type number is below 2 (spec 01 section 6). */
export const userTypes = { adminus: 0, admin: 1, normal: 2 } as const
export type UserTypeName = keyof typeof userTypes

export function isAdmin(type: number): boolean {
  return type < 2
}

export function isAdminus(type: number): boolean {
  return type === userTypes.adminus
}
