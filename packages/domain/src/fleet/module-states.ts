/** A module's (object's) status, spec 01 section 4: active or inactive. */
export const moduleStatus = { inactive: 0, active: 1 } as const
export type ModuleStatus = (typeof moduleStatus)[keyof typeof moduleStatus]

/** A module's connection state, spec 01 section 4: updated as its real-time link connects or drops. */
export const connectionState = { disconnected: 0, connected: 1 } as const
export type ConnectionState = (typeof connectionState)[keyof typeof connectionState]
