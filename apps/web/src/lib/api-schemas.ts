// zod's configuration first (it lives in the zod chunk, see vite.config.ts): the schemas below are
// built when this chunk loads.
import './zod-without-eval'

export { apiErrorSchema, langAnswerSchema, okAnswerSchema, tokenResponseSchema } from '@kropla/domain'
