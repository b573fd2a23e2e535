// zod's configuration first (it lives in the zod chunk, see vite.config.ts): the schema below is
// built when this chunk loads.
import '../../lib/zod-without-eval'

export { loginSchema } from '@kropla/domain'
