// Test-only: runs src/test/clocked-simulator.ts through tsx, as bin/simulator.mjs runs the command line.
import { register } from 'tsx/esm/api'

register()
await import('./clocked-simulator.ts')
