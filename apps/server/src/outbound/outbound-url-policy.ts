import dns from 'node:dns'
import http from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import net from 'node:net'
import { classifyAddress } from './address-class'

/** Why a URL a user gave may not be called by the server. */
export class OutboundUrlRefused extends Error {}

export type ResolveAll = (host: string) => Promise<{ address: string; family: number }[]>

const resolveWithSystem: ResolveAll = (host) => dns.promises.lookup(host, { all: true, verbatim: true })

/**
 * The rule for every URL a user can make the server call (Web Push endpoints, later webhooks):
 * `https:` to a host whose every address is public, so nobody can aim the server at its own
 * loopback, the cloud metadata address or the farm's private network. `allowedOrigins` lets the
 * composition root exempt exact origins (the tests' stand-in services on 127.0.0.1); nothing in
 * the environment sets it.
 */
export function createOutboundUrlPolicy(
  options: { allowedOrigins?: readonly string[]; resolve?: ResolveAll } = {},
) {
  const allowed = new Set(options.allowedOrigins ?? [])
  const resolve = options.resolve ?? resolveWithSystem

  function parse(url: string): URL {
    try {
      return new URL(url)
    } catch {
      throw new OutboundUrlRefused('not a URL')
    }
  }
  const isAllowed = (url: URL) => allowed.has(url.origin)

  function refuseUnsafe(host: string, addresses: readonly string[]) {
    if (addresses.length === 0) throw new OutboundUrlRefused(`${host} has no address`)
    for (const address of addresses) {
      const kind = classifyAddress(address)
      if (kind !== 'public') throw new OutboundUrlRefused(`${host} leads to a ${kind} address (${address})`)
    }
  }

  /** Resolves and refuses the host when ANY of its addresses is not public; a literal IP is judged as it is. */
  async function checkHost(host: string) {
    if (net.isIP(host)) return refuseUnsafe(host, [host])
    let addresses: string[]
    try {
      addresses = (await resolve(host)).map((entry) => entry.address)
    } catch (error) {
      throw new OutboundUrlRefused(
        `${host} does not resolve (${(error as NodeJS.ErrnoException).code ?? error})`,
      )
    }
    refuseUnsafe(host, addresses)
  }

  /**
   * The lookup the connection itself uses: it resolves once more and connects only to addresses
   * it has just checked, so a DNS answer changed after `check` (rebinding) cannot slip through.
   */
  const guardedLookup: LookupFunction = (hostname, lookupOptions, callback) => {
    resolve(hostname)
      .then((entries) => {
        refuseUnsafe(
          hostname,
          entries.map((entry) => entry.address),
        )
        const wanted = lookupOptions.family === 4 || lookupOptions.family === 6 ? lookupOptions.family : 0
        const usable = entries.filter((entry) => !wanted || entry.family === wanted)
        if (lookupOptions.all) callback(null, usable)
        else if (usable[0]) callback(null, usable[0].address, usable[0].family)
        else
          callback(
            Object.assign(new Error(`${hostname}: no IPv${wanted} address`), { code: 'ENOTFOUND' }),
            '',
            0,
          )
      })
      .catch((error: NodeJS.ErrnoException) => callback(error, '', 0))
  }

  /** Throws OutboundUrlRefused unless the URL is https: on a public address (or an allowed origin). */
  async function check(url: string): Promise<void> {
    const parsed = parse(url)
    if (isAllowed(parsed)) return
    if (parsed.protocol !== 'https:') throw new OutboundUrlRefused(`${parsed.protocol} is not https:`)
    if (parsed.username || parsed.password) throw new OutboundUrlRefused('credentials in the URL')
    await checkHost(parsed.hostname.replace(/^\[(.*)\]$/, '$1'))
  }

  return {
    check,

    /**
     * One HTTP request to a user-given URL, checked again now (DNS can change) and connected
     * through the guarded lookup. Answers the status; the body is read and dropped.
     */
    async send(
      url: string,
      request: { method: string; headers: Record<string, string>; body?: Buffer; timeoutMs: number },
    ): Promise<{ status: number }> {
      await check(url)
      const parsed = new URL(url)
      const transport = parsed.protocol === 'https:' ? https : http
      return new Promise((resolveAnswer, reject) => {
        const outgoing = transport.request(
          parsed,
          {
            method: request.method,
            headers: request.headers,
            lookup: isAllowed(parsed) ? undefined : guardedLookup,
            signal: AbortSignal.timeout(request.timeoutMs),
          },
          (answer) => {
            answer.resume()
            answer.on('end', () => resolveAnswer({ status: answer.statusCode ?? 0 }))
            answer.on('error', reject)
          },
        )
        outgoing.on('error', reject)
        outgoing.end(request.body)
      })
    },
  }
}
export type OutboundUrlPolicy = ReturnType<typeof createOutboundUrlPolicy>
