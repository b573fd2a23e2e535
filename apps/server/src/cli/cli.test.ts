import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../db/client'
import { hashDeviceSecret, newDeviceSecret } from '../ingest/device-secret'
import { testBundle } from '../test/test-bundle'

const run = promisify(execFile)
// The command line bundled once for the run (ADR 0095): the same source as bin/kropla.mjs.
const bin = testBundle('kropla')
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kropla-cli-'))
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

/** Runs `kropla …` as an operator would, on the embedded database in a temporary DATA_DIR. */
async function kropla(...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [bin, ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
    })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}

// On the embedded database in every tier (DATABASE_URL '' above).
describe('the kropla command line', () => {
  // Six commands, each opening the embedded database: time for a busy machine.
  it('imports a fleet list, activating modules on the named client account, their new secrets to a file', {
    timeout: 240_000,
  }, async () => {
    const csv = path.join(dataDir, 'fleet.csv')
    fs.writeFileSync(
      csv,
      'serial,pin,model,client\nCLI-0001,1234,AM-200,Green Acres Farm\nCLI-0002,5678,AM-411,\n',
    )
    // New modules without a secret get one made, and the operator must say where it goes.
    const nowhere = await kropla('fleet', 'import', csv)
    expect(nowhere.code).toBe(1)
    expect(nowhere.stderr).toContain('Nothing imported: 2 new modules have no secret.')
    const secretsFile = path.join(dataDir, 'fleet-secrets.csv')
    const imported = await kropla('fleet', 'import', csv, '--secrets-out', secretsFile)
    expect(imported.stdout).toContain('Imported 2 modules.')
    expect(imported.stdout).toContain(`2 new device secrets written to ${secretsFile}`)
    expect(fs.statSync(secretsFile).mode & 0o077).toBe(0)
    const written = fs.readFileSync(secretsFile, 'utf8').trim().split('\n')
    expect(written[0]).toBe('serial,secret')
    const generated = Object.fromEntries(written.slice(1).map((line) => line.split(',') as [string, string]))
    expect(Object.keys(generated)).toEqual(['CLI-0001', 'CLI-0002'])

    const added = await kropla(
      'fleet',
      'add',
      '--serial',
      'CLI-0003',
      '--pin',
      '9999',
      '--model',
      'AM-100-103',
    )
    expect(added.code).toBe(0)
    const printed = /Device secret \(write it into the module; it is not shown again\): ([\w-]{43})\n/.exec(
      added.stdout,
    )
    expect(printed).not.toBeNull()
    generated['CLI-0003'] = printed![1]!
    const created = await kropla(
      'user',
      'create',
      '--email',
      'Owner@Example.com',
      '--password',
      'Pass-word-1',
      '--type',
      'admin',
      '--client',
      'Green Acres Farm',
    )
    expect(created.stdout).toContain('owner@example.com')

    const database = await openDatabase({ dataDir })
    try {
      const modules = await database.pool.query(
        'select o.serial, c.name as client from objects o left join clients c on c.id = o.id_client order by o.serial',
      )
      expect(modules.rows).toEqual([
        { serial: 'CLI-0001', client: 'Green Acres Farm' },
        { serial: 'CLI-0002', client: null },
        { serial: 'CLI-0003', client: null },
      ])
      const users = await database.pool.query(
        'select u.email, u.type, c.name from users u join clients c on c.id = u.id_client',
      )
      expect(users.rows).toEqual([{ email: 'owner@example.com', type: 1, name: 'Green Acres Farm' }])
      // Only the hashes of the secrets handed out are kept.
      const secrets = await database.pool.query(
        "select serial, secret_hash from objects where serial like 'CLI-000%' order by serial",
      )
      expect(secrets.rows).toEqual(
        Object.entries(generated).map(([serial, secret]) => ({
          serial,
          secret_hash: hashDeviceSecret(secret),
        })),
      )
    } finally {
      await database.close()
    }
  })

  it('takes the secrets a fleet file or `fleet add` gives, `none` and --no-secret for modules made before secrets', {
    timeout: 240_000,
  }, async () => {
    const [first, second] = [newDeviceSecret(), newDeviceSecret()]
    const csv = path.join(dataDir, 'with-secrets.csv')
    fs.writeFileSync(
      csv,
      `serial,pin,model,secret\nCLI-0201,1234,AM-200,${first}\nCLI-0202,1234,AM-200,none\n`,
    )
    const imported = await kropla('fleet', 'import', csv)
    expect(imported).toMatchObject({ code: 0 })
    expect(imported.stdout).toBe('Imported 2 modules.\n')
    const withSecret = await kropla(
      'fleet',
      'add',
      '--serial',
      'CLI-0203',
      '--pin',
      '1234',
      '--model',
      'AM-200',
      '--secret',
      second,
    )
    expect(withSecret.stdout).not.toContain('Device secret')
    const old = await kropla(
      'fleet',
      'add',
      '--serial',
      'CLI-0204',
      '--pin',
      '1234',
      '--model',
      'AM-200',
      '--no-secret',
    )
    expect(old.stdout).not.toContain('Device secret')
    const bad = await kropla(
      'fleet',
      'add',
      '--serial',
      'CLI-0205',
      '--pin',
      '1234',
      '--model',
      'AM-200',
      '--secret',
      '1234',
    )
    expect(bad).toMatchObject({ code: 1 })
    expect(bad.stderr).toContain('errors.secret_invalid')
    // A file of secrets is never written over.
    const taken = await kropla('fleet', 'import', csv, '--secrets-out', csv)
    expect(taken.code).toBe(1)
    expect(taken.stderr).toContain('secrets are never written over a file')
    const database = await openDatabase({ dataDir })
    try {
      const rows = await database.pool.query(
        "select serial, secret_hash from objects where serial like 'CLI-02%' order by serial",
      )
      expect(rows.rows).toEqual([
        { serial: 'CLI-0201', secret_hash: hashDeviceSecret(first) },
        { serial: 'CLI-0202', secret_hash: null },
        { serial: 'CLI-0203', secret_hash: hashDeviceSecret(second) },
        { serial: 'CLI-0204', secret_hash: null },
      ])
    } finally {
      await database.close()
    }
  })

  it('imports a list again as an update: new PINs and models, the later of a serial listed twice, activation kept', async () => {
    const csv = path.join(dataDir, 'again.csv')
    fs.writeFileSync(
      csv,
      'serial,pin,model,client\nCLI-0001,4321,AM-200,Green Acres Farm\nCLI-0002,1111,AM-411,\nCLI-0002,2222,AM-421,\n',
    )
    const imported = await kropla('fleet', 'import', csv)
    expect(imported.stdout).toContain('Imported 2 modules.')
    const database = await openDatabase({ dataDir })
    try {
      const modules = await database.pool.query(
        "select o.serial, o.pin, o.last_device_model as model, c.name as client, (select count(*)::int from outputs where id_object = o.id) as outputs from objects o left join clients c on c.id = o.id_client where o.serial in ('CLI-0001', 'CLI-0002') order by o.serial",
      )
      expect(modules.rows).toEqual([
        {
          serial: 'CLI-0001',
          pin: '4321',
          model: 'AM-200',
          client: 'Green Acres Farm',
          outputs: expect.any(Number),
        },
        { serial: 'CLI-0002', pin: '2222', model: 'AM-421', client: null, outputs: 0 },
      ])
    } finally {
      await database.close()
    }
  })

  it('refuses a fleet list with a bad line whole, naming the line', async () => {
    const csv = path.join(dataDir, 'bad.csv')
    fs.writeFileSync(csv, 'serial,pin,model\nCLI-0101,1234,AM-200\nCLI-0102,12,AM-999-X\n')
    const answer = await kropla('fleet', 'import', csv)
    expect(answer.code).toBe(1)
    expect(answer.stderr).toMatch(/Nothing imported:\nline 3:/)
    const database = await openDatabase({ dataDir })
    try {
      const found = await database.pool.query("select 1 from objects where serial like 'CLI-01%'")
      expect(found.rows).toEqual([])
    } finally {
      await database.close()
    }
  })

  it('refuses a duplicate e-mail and an unknown user type with a clear message', async () => {
    const again = await kropla(
      'user',
      'create',
      '--email',
      'owner@example.com',
      '--password',
      'Pass-word-2',
      '--type',
      'normal',
    )
    expect(again.code).toBe(1)
    expect(again.stderr).toContain('Provided email is already in use!')
    const badType = await kropla(
      'user',
      'create',
      '--email',
      'x@example.com',
      '--password',
      'Pass-word-2',
      '--type',
      'boss',
    )
    expect(badType.code).not.toBe(0)
    expect(badType.stderr).toContain('must be adminus, admin or normal')
  })

  it('changes a password, and refuses for an unknown e-mail', async () => {
    expect(
      (await kropla('user', 'set-password', '--email', 'owner@example.com', '--password', 'New-pass-2')).code,
    ).toBe(0)
    const unknown = await kropla(
      'user',
      'set-password',
      '--email',
      'ghost@example.com',
      '--password',
      'New-pass-2',
    )
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toContain('No user with e-mail ghost@example.com.')
  })

  // Each command opens the embedded database: give the four of them time on a busy machine.
  it('holds passwords to the rule registration applies, and changes nothing for a weak one', {
    timeout: 240_000,
  }, async () => {
    const storedHashes = async () => {
      const database = await openDatabase({ dataDir })
      try {
        return (await database.pool.query('select email, password_hash from users order by email')).rows
      } finally {
        await database.close()
      }
    }
    const before = await storedHashes()
    const short = await kropla(
      'user',
      'create',
      '--email',
      'weak@example.com',
      '--password',
      'Short-1',
      '--type',
      'normal',
    )
    expect(short.code).toBe(1)
    expect(short.stderr).toContain('The password is not accepted: Password is too short.')
    const weakChange = await kropla(
      'user',
      'set-password',
      '--email',
      'owner@example.com',
      '--password',
      'password',
    )
    expect(weakChange.code).toBe(1)
    expect(weakChange.stderr).toContain('The password is not accepted')
    // No weak user was made, and the owner's password is still the one set before.
    expect(await storedHashes()).toEqual(before)
    expect(before.map((row) => row.email)).not.toContain('weak@example.com')
  })
})
