import type { AddressInfo } from 'node:net'
import type { FastifyRequest } from 'fastify'
import type { AllowedHost } from '../config/env'

/**
 * Where links in mail point (password reset, invitation, test and alarm notices): the operator's
 * word only. PUBLIC_URL when set; else the ALLOWED_HOSTS entry the request came to, or the first;
 * else the address the server listens on. A request's Host, X-Forwarded-Host or Origin never
 * becomes part of a link: a forged one would mail a one-time token to another site. The request's
 * Host only picks among the allowed names.
 */
export interface LinkOrigin {
  /** For mail sent in answer to this request. */
  forRequest(request: Pick<FastifyRequest, 'host'>): string
  /** For mail no request asked for (alarm notices), or whatever the request named. */
  standing(): string
}

export function createLinkOrigin(settings: {
  publicUrl: string | undefined
  allowedHosts: readonly AllowedHost[]
  /** The address the HTTP server listens on, once it does. */
  listening: () => AddressInfo | string | null
}): LinkOrigin {
  const publicUrl = settings.publicUrl?.replace(/\/+$/, '')
  const standing = () =>
    publicUrl ?? settings.allowedHosts[0]?.origin ?? listeningOrigin(settings.listening())
  return {
    forRequest(request) {
      if (publicUrl) return publicUrl
      const named = (request.host || '').toLowerCase()
      return settings.allowedHosts.find((allowed) => allowed.host === named)?.origin ?? standing()
    },
    standing,
  }
}

/** `http://<address>:<port>`; an address listening on every interface is named `localhost`. */
export function listeningOrigin(address: AddressInfo | string | null): string {
  if (address === null || typeof address === 'string') return 'http://localhost'
  const wildcard = address.address === '0.0.0.0' || address.address === '::'
  const host = wildcard ? 'localhost' : address.family === 'IPv6' ? `[${address.address}]` : address.address
  return `http://${host}:${address.port}`
}
