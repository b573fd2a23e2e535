// Worker threads do not inherit the TypeScript loader: register it, then run the worker itself.
import { register } from 'tsx/esm/api'

register()
await import('./pglite-worker.ts')
