import { config } from 'zod'

// The page's Content-Security-Policy allows no eval. zod would otherwise probe `Function('')` to
// decide whether to compile object parsers, and the browser reports every probe as a violation.
config({ jitless: true })
