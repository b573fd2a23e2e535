import ipaddr from 'ipaddr.js'

/**
 * Where an IP address leads, for deciding whether the server may connect to it on a user's
 * behalf: `public` only for global unicast; every other answer names the range that makes it
 * unsafe (ipaddr.js's names: loopback, private, carrierGradeNat, linkLocal, uniqueLocal, ...).
 * IPv4 embedded in IPv6 (IPv4-mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96) is judged as the IPv4
 * address it carries, so ::ffff:127.0.0.1 is loopback and not a way round the rule.
 */
export function classifyAddress(address: string): string {
  if (!ipaddr.isValid(address)) return 'invalid'
  const parsed = ipaddr.parse(address)
  if (parsed.kind() === 'ipv4') return ipv4Class(parsed as ipaddr.IPv4)
  const ipv6 = parsed as ipaddr.IPv6
  if (ipv6.isIPv4MappedAddress()) return ipv4Class(ipv6.toIPv4Address())
  const range = ipv6.range()
  if (range === 'rfc6052' && ipv6.match(ipaddr.parseCIDR('64:ff9b::/96') as [ipaddr.IPv6, number])) {
    return ipv4Class(new ipaddr.IPv4(ipv6.toByteArray().slice(12)))
  }
  return range === 'unicast' ? 'public' : range
}

function ipv4Class(address: ipaddr.IPv4): string {
  const range = address.range()
  return range === 'unicast' ? 'public' : range
}

export const isPublicAddress = (address: string) => classifyAddress(address) === 'public'
