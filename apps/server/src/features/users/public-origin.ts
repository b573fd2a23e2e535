import type { FastifyRequest } from 'fastify'

/**
 * The address mailed links start with: PUBLIC_URL when set, otherwise the origin the request came
 * to (set PUBLIC_URL in production, so that a forged Host header cannot redirect a link).
 */
export function publicOrigin(request: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, '')
  return `${request.protocol}://${request.host}`
}
