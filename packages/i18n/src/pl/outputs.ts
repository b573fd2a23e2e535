import type { AppMessages } from '../messages'

export const plOutputs: AppMessages['outputs'] = { on: 'wł.', off: 'wył.', unknown: 'b.d.' }
