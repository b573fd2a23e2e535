import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import type { FleetModule } from '@kropla/domain'
import mqtt from 'mqtt'
import { io as connectSocket, type Socket } from 'socket.io-client'
import { type RunningServer, type ServerOptions, startServer } from '../app/server'
import { loadConfig } from '../config/env'
import { setPasswordCostForTests } from '../features/auth/password'
import { createClientsDal } from '../features/clients/clients-dal'
import { createFleetDal } from '../features/fleet/fleet-dal'
import { createFleetService } from '../features/fleet/fleet-service'
import { createUserAccounts } from '../features/users/user-accounts'
import { createUsersDal } from '../features/users/users-dal'
import { watchDeclaredStatuses } from './declared-statuses'
import { seedEmbeddedDataDir } from './migrated-template'
import { createScratchDatabase, poolClosed } from './test-database'

/**
 * A real server for integration tests: PGlite in a fresh temporary directory, or a fresh
 * database on the PostgreSQL named by TEST_DATABASE_URL (unless `env` says DATABASE_URL ''); the embedded broker, or the broker named
 * by TEST_MQTT_URL; random ports.
 */
export interface TestServer extends RunningServer {
  dataDir: string
  databaseUrl: string | undefined
  stop(): Promise<void>
}

// Thousands of logins a run at a test cost rather than the product's (ADR 0085).
setPasswordCostForTests()

export async function startTestServer(
  env: Record<string, string> = {},
  options: ServerOptions = {},
): Promise<TestServer> {
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'kropla-test-'))
  // DATABASE_URL '' asks for the embedded database whatever the tier (a data directory that the
  // command line opens too).
  const scratch =
    process.env.TEST_DATABASE_URL && env.DATABASE_URL !== ''
      ? await createScratchDatabase(process.env.TEST_DATABASE_URL)
      : null
  if (!scratch && !env.DATA_DIR) await seedEmbeddedDataDir(dataDir)
  const config = loadConfig({
    PORT: '0',
    MQTT_PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    INGEST_FLUSH_MS: '20',
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    ...(process.env.TEST_MQTT_URL ? { MQTT_URL: process.env.TEST_MQTT_URL } : {}),
    ...env,
    DATA_DIR: dataDir,
  })
  // Integration tests make many checks from 127.0.0.1; the limiter's own test passes the real policies.
  const relaxed = { free: 10_000, baseMs: 1, capMs: 1, forgetMs: 1 }
  const attemptPolicies = {
    registerPair: relaxed,
    registerSerial: relaxed,
    registerAddress: relaxed,
    resetEmail: relaxed,
    resetAddress: relaxed,
    ...options.attemptPolicies,
  }
  const server = await startServer(config, undefined, {
    ...options,
    attemptPolicies,
    watchApp: (app) => {
      watchDeclaredStatuses(app)
      options.watchApp?.(app)
    },
  })
  return {
    ...server,
    dataDir,
    databaseUrl: config.DATABASE_URL,
    async stop() {
      const allClosed = poolClosed(server.database.pool)
      await server.close()
      await allClosed
      await scratch?.drop()
      if (!env.DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** An account seeded by `seedAccount`. */
export type SeededAccount = Awaited<ReturnType<typeof seedAccount>>

/**
 * A test server with two accounts: `farm`, the one the tests act as, and `neighbour`, another
 * account whose data the farm must never reach.
 */
export async function startWithAccounts(
  farmModels: string[],
  neighbourModels: string[],
  options: ServerOptions = {},
) {
  const server = await startTestServer({}, options)
  return {
    server,
    farm: await seedAccount(server, farmModels),
    neighbour: await seedAccount(server, neighbourModels),
  }
}

let unique = 0
/** A client account with one admin user and the given modules; names are unique per test run. */
export async function seedAccount(server: RunningServer, models: string[]) {
  unique++
  const tag = `${process.pid}${unique}${Math.random().toString(36).slice(2, 6)}`
  const clientName = `Farm ${tag}`
  const password = 'Correct-horse-1'
  const user = await createUserAccounts({
    users: createUsersDal(server.database.db),
    clients: createClientsDal(server.database.db),
  }).create({
    email: `grower${tag}@example.com`,
    password,
    type: 'admin',
    clientName,
  })
  const fleet = createFleetService(createFleetDal(server.database.db))
  const modules: (FleetModule & { id: number })[] = []
  for (const [index, model] of models.entries()) {
    const module = { serial: `T${tag}M${index}`, pin: `${1000 + index}`, model }
    const row = await fleet.addModule(module, { clientName })
    modules.push({ ...module, id: row.id })
  }
  return { clientName, email: user.email, password, user, modules }
}

/**
 * fetch always sends the URL's own Host header; this sends the one given (a forged Host, or a name
 * the server is reached by), answering like fetch for what httpSession reads.
 */
function sendWithHost(
  url: string,
  init: { method: string; headers: Record<string, string>; body: string | undefined },
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: init.method, headers: init.headers }, (answer) => {
      const chunks: Buffer[] = []
      answer.on('data', (chunk: Buffer) => chunks.push(chunk))
      answer.on('error', reject)
      answer.on('end', () => {
        const headers = new Headers()
        for (const [name, value] of Object.entries(answer.headers))
          for (const one of Array.isArray(value) ? value : [value ?? '']) headers.append(name, one)
        resolve(new Response(Buffer.concat(chunks), { status: answer.statusCode ?? 500, headers }))
      })
    })
    request.on('error', reject)
    request.end(init.body)
  })
}

/**
 * A browser-like HTTP session: cookie jar, CSRF token on writes, chosen language. A `host` among
 * a request's headers is sent as the Host header (fetch cannot).
 */
export function httpSession(baseUrl: string, lang = 'en') {
  const cookies = new Map<string, string>()
  let csrf: string | undefined
  async function request(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    const init = {
      method,
      headers: {
        'accept-language': lang,
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }
    const response = headers.host ? await sendWithHost(baseUrl + url, init) : await fetch(baseUrl + url, init)
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const [name, ...value] = pair!.split('=')
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value.join('=') === '') cookies.delete(name!)
      else cookies.set(name!, value.join('='))
    }
    const text = await response.text()
    return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} }
  }
  return {
    cookies,
    request,
    async token() {
      csrf = (await request('GET', '/token')).body.token as string
      return csrf
    },
    async write(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
      return request(method, url, body, { 'csrf-token': csrf ?? (await this.token()), ...headers })
    },
    async login(email: string, password: string) {
      await this.token()
      const answer = await this.write('POST', '/login', { email, password })
      csrf = undefined
      return answer
    },
    cookieHeader: () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
  }
}

export async function connectBrowserSocket(baseUrl: string, cookie: string): Promise<Socket> {
  const socket = connectSocket(baseUrl, {
    transports: ['websocket'],
    extraHeaders: { cookie },
    reconnection: false,
  })
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve())
    socket.once('connect_error', reject)
  })
  return socket
}

export function connectModule(
  server: RunningServer,
  serial: string,
  pin: string,
  options: mqtt.IClientOptions = {},
) {
  const url = process.env.TEST_MQTT_URL ?? `mqtt://127.0.0.1:${server.mqttPort}`
  return mqtt.connectAsync(url, {
    clientId: serial,
    username: serial,
    password: pin,
    reconnectPeriod: 0,
    ...options,
  })
}

/** Resolves with the next `count` events of that name, or rejects after `ms` (generous: a busy machine delays an event, a missing one still fails). */
export function nextEvents<T>(socket: Socket, event: string, count = 1, ms = 60_000): Promise<T[]> {
  return new Promise((resolve, reject) => {
    const received: T[] = []
    const timer = setTimeout(
      () => reject(new Error(`waited ${ms} ms for ${count} '${event}' events, got ${received.length}`)),
      ms,
    )
    const listener = (payload: T) => {
      received.push(payload)
      if (received.length >= count) {
        clearTimeout(timer)
        socket.off(event, listener)
        resolve(received)
      }
    }
    socket.on(event, listener)
  })
}

export async function until<T>(probe: () => Promise<T | undefined | null | false>, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    const value = await probe()
    if (value) return value
    if (Date.now() > deadline) throw new Error(`condition not met in ${ms} ms`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}
