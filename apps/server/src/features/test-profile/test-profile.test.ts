import { profileTestAnswerSchema, testRunsAnswerSchema } from '@kropla/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loggedIn } from '../../test/account-fixtures'
import { createBrowserPushKeys, startStandInService } from '../../test/stand-in-services'
import { startStandInSmtp } from '../../test/stand-in-smtp'
import { seedAccount, startTestServer, type TestServer } from '../../test/test-server'

// The clock moves on by hand past the 30 s between tests of a channel.
let skewMs = 0
let server: TestServer
let smtp: Awaited<ReturnType<typeof startStandInSmtp>>
let smsGateway: Awaited<ReturnType<typeof startStandInService>>
let pushService: Awaited<ReturnType<typeof startStandInService>>
let smsStatus = 201

beforeAll(async () => {
  smtp = await startStandInSmtp((recipient) => recipient.startsWith('refused'))
  smsGateway = await startStandInService(() => smsStatus)
  pushService = await startStandInService((path) => (path.startsWith('/gone') ? 410 : 201))
  server = await startTestServer(
    { SMTP_URL: smtp.smtpUrl, SMS_URL: `${smsGateway.url}/sms` },
    { now: () => new Date(Date.now() + skewMs), outboundAllowedOrigins: [pushService.url] },
  )
})
afterAll(async () => {
  await server?.stop()
  await smtp?.close()
  await smsGateway?.close()
  await pushService?.close()
})

const later = () => {
  skewMs += 31_000
}

async function grower(lang = 'en', changes: { phone?: string; email?: string } = {}) {
  const seeded = await seedAccount(server, [])
  const pool = server.database.pool
  if (changes.email)
    await pool.query('update users set email = $1 where id = $2', [changes.email, seeded.user.id])
  await pool.query(`update users set phone = $1, lang = $2, time_zone = 'Europe/Warsaw' where id = $3`, [
    changes.phone ?? '',
    lang,
    seeded.user.id,
  ])
  const email = changes.email ?? seeded.email
  const session = await loggedIn(server.url, email, seeded.password, lang)
  return { ...seeded, email, session }
}

async function test(session: Awaited<ReturnType<typeof grower>>['session'], channel: string) {
  const answer = await session.write('POST', '/api/test/profile', { channel })
  return { status: answer.status, body: answer.body }
}

describe('a test e-mail to oneself', () => {
  it('goes through the SMTP server to the profile address, in the user’s language', async () => {
    const user = await grower('pl')
    const answer = await test(user.session, 'email')
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(profileTestAnswerSchema.parse(answer.body)).toMatchObject({
      channel: 'email',
      status: 'sent',
      reason: null,
      to: user.email,
    })
    const mail = smtp.received.find((message) => message.to.includes(user.email))
    // "Kropla: wiadomość testowa", as an encoded word.
    expect(mail?.data).toMatch(/^Subject: =\?UTF-8\?Q\?Kropla=3A_wiadomo=C5=9B=C4=87_testowa\?=$/m)
    expect(mail?.data).toContain('/#/test/profile')
  })

  it('fails with the SMTP server’s own words when it refuses the address', async () => {
    const user = await grower('en', { email: `refused${Date.now()}@example.com` })
    const answer = await test(user.session, 'email')
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ status: 'failed', reason: 'provider_refused' })
    expect(answer.body.detail).toMatch(/550 5\.1\.1 mailbox unavailable/)
    expect(smtp.received.some((message) => message.to.includes(user.email))).toBe(false)
  })
})

describe('a test SMS to oneself', () => {
  it('fails without a phone number in the profile, and nothing reaches the gateway', async () => {
    const user = await grower()
    const before = smsGateway.received.length
    const answer = await test(user.session, 'sms')
    expect(answer.body).toMatchObject({ channel: 'sms', status: 'failed', reason: 'no_phone', to: null })
    expect(smsGateway.received.length).toBe(before)
    // Nothing reached a provider: a second try after adding the number is not held back.
    await server.database.pool.query(`update users set phone = '+48600700800' where id = $1`, [user.user.id])
    const again = await test(user.session, 'sms')
    expect(again.body).toMatchObject({ status: 'sent', to: '+48…800' })
    const sent = JSON.parse(smsGateway.received.at(-1)!.body.toString('utf8')) as { to: string; text: string }
    expect(sent.to).toBe('+48600700800')
    expect(sent.text).toMatch(/^Kropla: a test message sent at /)

    // Both recorded, newest first: who, what, the result and why.
    const { runs } = testRunsAnswerSchema.parse((await user.session.request('GET', '/api/test/runs')).body)
    expect(runs.map((run) => [run.kind, run.result, run.subject_name, run.details.items[0]?.reason])).toEqual(
      [
        ['sms', 'pass', '+48…800', null],
        ['sms', 'fail', '', 'test_no_phone'],
      ],
    )
    expect(runs[0]).toMatchObject({ id: again.body.id_run, id_user: user.user.id })
  })

  it('fails with the gateway’s answer when it refuses, and holds the next try back 30 s', async () => {
    const user = await grower('pl', { phone: '+48600111222' })
    smsStatus = 503
    try {
      const refused = await test(user.session, 'sms')
      expect(refused.body).toMatchObject({
        status: 'failed',
        reason: 'provider_refused',
        detail: 'SMS provider answered 503',
      })
      const { runs } = testRunsAnswerSchema.parse((await user.session.request('GET', '/api/test/runs')).body)
      expect(runs[0]?.details.items[0]).toMatchObject({
        result: 'fail',
        reason: 'test_provider_refused',
        label: 'SMS provider answered 503',
      })
    } finally {
      smsStatus = 201
    }
    const tooSoon = await test(user.session, 'sms')
    expect(tooSoon.status).toBe(429)
    expect(tooSoon.body).toMatchObject({ error: 'test_too_soon' })
    expect(tooSoon.body.message).toMatch(
      /^Ten kanał był testowany przed chwilą\. Spróbuj ponownie za \d+ s\.$/,
    )
    // Another channel is not held back by this one.
    expect((await test(user.session, 'email')).body).toMatchObject({ status: 'sent' })
    later()
    expect((await test(user.session, 'sms')).body).toMatchObject({ status: 'sent' })
  })
})

describe('a test push to oneself', () => {
  it('fails without a subscribed device, then reaches each subscribed browser', async () => {
    const user = await grower()
    expect((await test(user.session, 'push')).body).toMatchObject({
      status: 'failed',
      reason: 'no_push_subscription',
    })
    const browser = createBrowserPushKeys()
    const endpoint = `${pushService.url}/push/${user.user.id}`
    expect(
      (await user.session.write('POST', '/api/push/subscriptions', browser.subscription(endpoint))).status,
    ).toBe(204)
    const answer = await test(user.session, 'push')
    expect(answer.body).toMatchObject({ status: 'sent', to: '1' })
    const request = pushService.received.find((received) => received.path === `/push/${user.user.id}`)
    const payload = JSON.parse(browser.decrypt(request!.body)) as { title: string; url: string }
    expect(payload.title).toBe('Kropla: test message')
    expect(payload.url).toMatch(/\/#\/test\/profile$/)
  })

  it('says so when every subscription has expired, and removes them', async () => {
    const user = await grower()
    const browser = createBrowserPushKeys()
    await user.session.write(
      'POST',
      '/api/push/subscriptions',
      browser.subscription(`${pushService.url}/gone/${user.user.id}`),
    )
    expect((await test(user.session, 'push')).body).toMatchObject({
      status: 'failed',
      reason: 'push_subscriptions_expired',
    })
    expect((await test(user.session, 'push')).body).toMatchObject({ reason: 'no_push_subscription' })
  })
})

describe('the test messages', () => {
  it('refuses a channel it does not know, in the user’s language, and sends nothing', async () => {
    const user = await grower('pl', { phone: '+48600333444' })
    const before = { mail: smtp.received.length, sms: smsGateway.received.length }
    for (const body of [{ channel: 'fax' }, {}, { channel: ['sms'] }]) {
      const refused = await user.session.write('POST', '/api/test/profile', body)
      expect(refused.status).toBe(400)
      expect(refused.body.error).toBe('validation_failed')
    }
    const fax = await user.session.write('POST', '/api/test/profile', { channel: 'fax' })
    expect(fax.body.issues).toEqual([{ path: 'channel', message: 'Wybierz wartość z listy.' }])
    expect({ mail: smtp.received.length, sms: smsGateway.received.length }).toEqual(before)
  })

  it('only ever sends to the one asking: another account’s user reaches only themself', async () => {
    const owner = await grower('en', { phone: '+48600555666' })
    const neighbour = await grower('en', { phone: '+48600777888' })
    const answer = await test(neighbour.session, 'sms')
    expect(answer.body).toMatchObject({ status: 'sent' })
    const sent = JSON.parse(smsGateway.received.at(-1)!.body.toString('utf8')) as { to: string }
    expect(sent.to).toBe('+48600777888')
    // The neighbour's limit is their own: the owner may test at once.
    expect((await test(owner.session, 'sms')).body).toMatchObject({ status: 'sent' })
    const theirs = JSON.parse(smsGateway.received.at(-1)!.body.toString('utf8')) as { to: string }
    expect(theirs.to).toBe('+48600555666')
    // Each history holds its own test only.
    for (const [session, phone] of [
      [owner.session, '+48…666'],
      [neighbour.session, '+48…888'],
    ] as const) {
      const { runs } = testRunsAnswerSchema.parse((await session.request('GET', '/api/test/runs')).body)
      expect(runs.map((run) => run.subject_name)).toEqual([phone])
    }
  })

  it('refuses a visitor who is not logged in', async () => {
    const { httpSession } = await import('../../test/test-server')
    const anonymous = await httpSession(server.url).write('POST', '/api/test/profile', { channel: 'email' })
    expect(anonymous.status).toBe(401)
  })
})
