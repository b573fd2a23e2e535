import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startStandInService } from '../test/stand-in-services'
import { createOutboundUrlPolicy, OutboundUrlRefused, type ResolveAll } from './outbound-url-policy'

let service: Awaited<ReturnType<typeof startStandInService>>
beforeAll(async () => {
  service = await startStandInService(() => 201)
})
afterAll(() => service?.close())

/** A DNS stand-in answering each look-up with the next list of addresses (the last one repeats). */
function dnsAnswering(...answers: string[][]) {
  const asked: string[] = []
  const resolve: ResolveAll = async (host) => {
    asked.push(host)
    const addresses = answers[Math.min(asked.length, answers.length) - 1]!
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))
  }
  return { resolve, asked }
}
const post = { method: 'POST', headers: {}, body: Buffer.from('x'), timeoutMs: 10_000 }

describe('the outbound URL rule', () => {
  it('accepts https: to a name whose every address is public', async () => {
    const dns = dnsAnswering(['142.250.74.110', '2a00:1450:4001:82b::200a'])
    await expect(
      createOutboundUrlPolicy({ resolve: dns.resolve }).check('https://fcm.example/send/1'),
    ).resolves.toBe(undefined)
    expect(dns.asked).toEqual(['fcm.example'])
  })

  it('refuses a name when ANY of its addresses is internal', async () => {
    const dns = dnsAnswering(['142.250.74.110', '10.0.0.5'])
    await expect(
      createOutboundUrlPolicy({ resolve: dns.resolve }).check('https://mixed.example/'),
    ).rejects.toThrow(OutboundUrlRefused)
  })

  it('refuses a name that does not resolve', async () => {
    const resolve: ResolveAll = async () => {
      throw Object.assign(new Error('nope'), { code: 'ENOTFOUND' })
    }
    await expect(createOutboundUrlPolicy({ resolve }).check('https://gone.example/')).rejects.toThrow(
      /does not resolve/,
    )
  })

  it('at sending, connects only to addresses it checked just then: a name rebound to loopback is refused', async () => {
    const port = new URL(service.url).port
    const dns = dnsAnswering(['93.184.215.14'], ['127.0.0.1'])
    const policy = createOutboundUrlPolicy({ resolve: dns.resolve })
    await expect(policy.send(`https://rebinding.example:${port}/push/1`, post)).rejects.toThrow(
      OutboundUrlRefused,
    )
    expect(dns.asked).toEqual(['rebinding.example', 'rebinding.example'])
    expect(service.received).toEqual([])
  })

  it('at sending, refuses a literal internal address without connecting', async () => {
    await expect(createOutboundUrlPolicy().send(`${service.url}/push/2`, post)).rejects.toThrow(
      OutboundUrlRefused,
    )
    expect(service.received).toEqual([])
  })

  it('lets through exactly the origins the composition root allowed (tests only), and answers the status', async () => {
    const policy = createOutboundUrlPolicy({ allowedOrigins: [service.url] })
    expect(await policy.send(`${service.url}/push/3`, post)).toEqual({ status: 201 })
    expect(
      service.received.map((request) => [request.method, request.path, request.body.toString()]),
    ).toEqual([['POST', '/push/3', 'x']])
    await expect(policy.check('http://127.0.0.1:1/other-port')).rejects.toThrow(OutboundUrlRefused)
  })
})
