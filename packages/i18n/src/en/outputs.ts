export const enOutputs = { on: 'on', off: 'off', unknown: 'N/A' }
