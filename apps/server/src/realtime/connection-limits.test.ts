import { translate } from '@kropla/i18n'
import { io as connectSocket, type Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loggedIn } from '../test/account-fixtures'
import { seedAccount, startTestServer, type TestServer, until } from '../test/test-server'

/**
 * Concurrent sockets per user and per remote address (security review, issue 23 item 6): before,
 * one user's 500 socket.io connections were all accepted. Each test connects from its own
 * loopback addresses (127.0.0.x), so the address counts of one test do not reach the next.
 */
let server: TestServer
const maxPerUser = 3
const maxPerAddress = 5

beforeAll(async () => {
  server = await startTestServer({
    SOCKET_MAX_PER_USER: String(maxPerUser),
    SOCKET_MAX_PER_ADDRESS: String(maxPerAddress),
  })
})
afterAll(() => server?.stop())

const open: Socket[] = []
afterAll(() => {
  for (const socket of open) socket.close()
})

/** A logged-in user of a new account: the session cookie a browser would send. */
async function user(lang = 'en') {
  const farm = await seedAccount(server, [])
  return (await loggedIn(server.url, farm.email, farm.password, lang)).cookieHeader()
}

type Refusal = Error & { data?: { message: string; limit: number } }

/** A browser socket from `localAddress`: connected, or the handshake's refusal. */
function connect(cookie: string, localAddress: string, lang = 'en'): Promise<Socket> {
  const socket = connectSocket(server.url, {
    transports: ['websocket'],
    extraHeaders: { cookie, 'accept-language': lang },
    reconnection: false,
    forceNew: true,
    // Passed on to the websocket (engine.io-client's types leave it out).
    ...({ localAddress } as object),
  })
  return new Promise((resolve, reject) => {
    socket.once('connect', () => {
      open.push(socket)
      resolve(socket)
    })
    socket.once('connect_error', (error: Refusal) => {
      socket.close()
      reject(error)
    })
  })
}

/** Connects as soon as the server has let a closed socket's place go (no fixed wait). */
const connectOnceFree = (cookie: string, localAddress: string) =>
  until(() => connect(cookie, localAddress).catch(() => undefined))

describe('socket connections per user', () => {
  it(`accepts ${maxPerUser}, refuses the next with a code and its wording, and takes one again after a close`, async () => {
    const grower = await user()
    const address = '127.0.0.3'
    const sockets: Socket[] = []
    for (let i = 0; i < maxPerUser; i++) sockets.push(await connect(grower, address))

    const refused = await connect(grower, address).then(
      () => null,
      (error: Refusal) => error,
    )
    expect(refused?.message).toBe('too_many_connections_user')
    expect(refused?.data).toEqual({
      message: translate('en', 'errors.too_many_connections_user', { limit: maxPerUser }),
      limit: maxPerUser,
    })
    // From another address too: the limit is the user's.
    await expect(connect(grower, '127.0.0.6')).rejects.toThrow('too_many_connections_user')

    // Another user on the same address is unaffected.
    const neighbour = await user()
    await connect(neighbour, address)

    sockets[0]!.close()
    await connectOnceFree(grower, address)
    await expect(connect(grower, address)).rejects.toThrow('too_many_connections_user')
  })

  it('words the refusal in the language of the user', async () => {
    const grower = await user('pl')
    for (let i = 0; i < maxPerUser; i++) await connect(grower, '127.0.0.7', 'pl')
    const refused = await connect(grower, '127.0.0.7', 'pl').catch((error: Refusal) => error)
    expect((refused as Refusal).data?.message).toBe(
      translate('pl', 'errors.too_many_connections_user', { limit: maxPerUser }),
    )
  })
})

describe('socket connections per remote address', () => {
  it(`accepts ${maxPerAddress} from one address, whoever they are, refuses the next; other addresses are unaffected`, async () => {
    const address = '127.0.0.4'
    const first = await user()
    const second = await user()
    const firstSockets: Socket[] = []
    for (let i = 0; i < maxPerUser; i++) firstSockets.push(await connect(first, address))
    for (let i = maxPerUser; i < maxPerAddress; i++) await connect(second, address)

    // The second user is under their own limit, the address is not.
    const refused = await connect(second, address).then(
      () => null,
      (error: Refusal) => error,
    )
    expect(refused?.message).toBe('too_many_connections_address')
    expect(refused?.data).toEqual({
      message: translate('en', 'errors.too_many_connections_address', { limit: maxPerAddress }),
      limit: maxPerAddress,
    })
    await connect(second, '127.0.0.5')

    // A place given back is taken by whoever comes next from that address.
    const third = await user()
    firstSockets[0]!.close()
    await connectOnceFree(third, address)
    await expect(connect(third, address)).rejects.toThrow('too_many_connections_address')
  })
})
