// Test-only: runs src/test/clocked-server.ts through tsx, as bin/kropla.mjs runs the command line.
import { register } from 'tsx/esm/api'

register()
await import('./clocked-server.ts')
