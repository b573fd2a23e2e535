import fs from 'node:fs'
import { type UserTypeName, userTypes } from '@kropla/domain'
import { Command, InvalidArgumentError } from 'commander'
import { startServer } from '../app/server'
import { type Config, ConfigError, loadConfig } from '../config/env'
import { backupDatabase, restoreDatabase } from '../db/backup'
import { type Database, openDatabase } from '../db/client'
import { DataDirLockedError, DataDirLockUnavailableError } from '../db/embedded/data-dir-lock'
import { migrateDatabase } from '../db/migrate'
import { AccessInputError, createAccountAccess, parseExpiryDate } from '../features/auth/account-access'
import { createAccountAccessDal } from '../features/auth/account-access-dal'
import { createClientsDal } from '../features/clients/clients-dal'
import { createFleetDal } from '../features/fleet/fleet-dal'
import { createFleetService, FleetInputError } from '../features/fleet/fleet-service'
import { createUserAccounts, UserInputError } from '../features/users/user-accounts'
import { createUsersDal } from '../features/users/users-dal'
import { giveBrokerSecrets } from '../ingest/broker-rights'
import { connectDynsecControl } from '../ingest/dynsec-control'

const expectedFailures = [
  ConfigError,
  DataDirLockedError,
  DataDirLockUnavailableError,
  FleetInputError,
  UserInputError,
  AccessInputError,
]

function fail(error: unknown): never {
  const known = expectedFailures.some((type) => error instanceof type)
  console.error(known ? (error as Error).message : error)
  process.exit(1)
}

function config(): Config {
  try {
    return loadConfig()
  } catch (error) {
    fail(error)
  }
}

/** Opens and migrates the database for one command, then closes it whatever happens. */
async function withDatabase<T>(work: (database: Database) => Promise<T>): Promise<T> {
  const { DATABASE_URL, dataDir } = config()
  const database = await openDatabase({ databaseUrl: DATABASE_URL, dataDir })
  try {
    await migrateDatabase(database)
    return await work(database)
  } finally {
    await database.close()
  }
}

const userAccountsDal = (database: Database) => ({
  users: createUsersDal(database.db),
  clients: createClientsDal(database.db),
})

function userType(value: string): UserTypeName {
  if (value in userTypes) return value as UserTypeName
  throw new InvalidArgumentError('must be adminus, admin or normal')
}

/**
 * With MQTT_DYNSEC, the broker is given the secrets this command knows at this moment (the server
 * keeps only their hashes, ADR 0091); a running server brings the rest of the broker in step.
 */
async function giveSecretsToBroker(secrets: { serial: string; secret: string }[]) {
  const { MQTT_URL, MQTT_DYNSEC } = config()
  if (!MQTT_DYNSEC || !MQTT_URL || !secrets.length) return
  const control = await connectDynsecControl({ url: MQTT_URL, clientId: `kropla-cli-${process.pid}` })
  try {
    const { refused } = await giveBrokerSecrets(control, secrets)
    if (refused.length) console.error(`The broker refused the passwords of ${refused.join(', ')}.`)
    else
      console.log(
        `The broker knows the secret${secrets.length === 1 ? '' : 's'} of ${secrets.length} module${secrets.length === 1 ? '' : 's'}.`,
      )
  } finally {
    await control.close()
  }
}

const program = new Command('kropla')
  .description('Kropla: irrigation control and field monitoring')
  .showHelpAfterError()

program
  .command('serve')
  .description('run the server (HTTP, socket.io, MQTT ingest)')
  .action(async () => {
    const server = await startServer(config())
    const stop = (signal: string) => {
      server.logger.info({ signal }, 'stopping')
      server
        .close()
        .then(() => process.exit(0))
        .catch((error: unknown) => fail(error))
    }
    process.once('SIGTERM', () => stop('SIGTERM'))
    process.once('SIGINT', () => stop('SIGINT'))
    // Only once a stop would be clean: whoever reads this line may send SIGTERM at once, and the log
    // may be written from another thread before this one has run another statement.
    server.logger.info({ url: server.url, mqttPort: server.mqttPort }, 'Kropla is running')
  })

program
  .command('migrate')
  .description('apply database migrations')
  .action(() => withDatabase(async () => console.log('Migrations applied.')))

const fleet = program.command('fleet').description("the operator's list of manufactured modules")
fleet
  .command('add')
  .description(
    'add a module (or update the one with that serial); a new one without --secret gets a device secret, printed once',
  )
  .requiredOption('--serial <serial>', 'serial number')
  .requiredOption('--pin <pin>', 'PIN code: the claim code printed on the module')
  .requiredOption('--model <model>', 'catalogue model code, e.g. AM-100-103')
  .option('--secret <secret>', 'the device secret written into the module (43 characters, base64url)')
  .option('--no-secret', 'a module made before secrets: it logs in with its PIN')
  .option('--client <name>', 'activate the module on this client account')
  .action(
    (options: { serial: string; pin: string; model: string; secret?: string | false; client?: string }) =>
      withDatabase(async (database) => {
        const { secret, ...module } = options
        const { row, generatedSecret } = await createFleetService(createFleetDal(database.db)).enrolModule(
          { ...module, ...(typeof secret === 'string' ? { secret } : {}) },
          { clientName: options.client, withoutSecret: secret === false },
        )
        console.log(
          `Module ${row.serial} (${row.last_device_model}) is in the fleet${options.client ? `, active on ${options.client}` : ''}.`,
        )
        // Shown this once: the server keeps only its hash (ADR 0087).
        if (generatedSecret)
          console.log(`Device secret (write it into the module; it is not shown again): ${generatedSecret}`)
        const given = typeof secret === 'string' ? secret : generatedSecret
        if (given) await giveSecretsToBroker([{ serial: row.serial, secret: given }])
      }),
  )
fleet
  .command('import <file>')
  .description(
    'import a CSV with columns serial,pin,model[,client][,secret]; secrets made for new modules go to --secrets-out',
  )
  .option(
    '--secrets-out <file>',
    'a new CSV (serial,secret) for the device secrets made for new modules without one; never overwritten',
  )
  .action((file: string, options: { secretsOut?: string }) => {
    // Read before the database is opened: a wrong path should fail at once, with a plain message.
    if (!fs.existsSync(file)) fail(new FleetInputError(`No such file: ${file}`))
    const text = fs.readFileSync(file, 'utf8')
    const out = options.secretsOut
    if (out && fs.existsSync(out))
      fail(new FleetInputError(`${out} exists: secrets are never written over a file.`))
    let written = false
    let known: { serial: string; secret: string }[] = []
    return withDatabase(async (database) => {
      try {
        const { imported, generated, secrets } = await createFleetService(
          createFleetDal(database.db),
        ).importCsv(text, {
          ...(out
            ? {
                // Written (readable by the operator only) before anything is stored, and removed again if
                // the import fails: every stored hash is of a secret the operator holds.
                saveGeneratedSecrets: async (secrets) => {
                  const lines = ['serial,secret', ...secrets.map((s) => `${s.serial},${s.secret}`), '']
                  await fs.promises.writeFile(out, lines.join('\n'), { flag: 'wx', mode: 0o600 })
                  written = true
                },
              }
            : {}),
        })
        console.log(`Imported ${imported} modules.`)
        if (generated)
          console.log(`${generated} new device secrets written to ${out}: write each into its module.`)
        known = secrets
      } catch (error) {
        if (written) fs.rmSync(out!, { force: true })
        throw error
      }
      // Stored and written: a broker that cannot be reached now loses none of them (they are in the files).
      await giveSecretsToBroker(known)
    })
  })
fleet
  .command('broker-secrets <file>')
  .description(
    'give the external broker (MQTT_DYNSEC) the device secrets of a CSV with serial and secret columns, those the fleet holds',
  )
  .action((file: string) => {
    if (!config().MQTT_DYNSEC) fail(new FleetInputError('MQTT_DYNSEC is not set: no broker is kept in step.'))
    if (!fs.existsSync(file)) fail(new FleetInputError(`No such file: ${file}`))
    const text = fs.readFileSync(file, 'utf8')
    return withDatabase(async (database) => {
      const { matching, other } = await createFleetService(createFleetDal(database.db)).matchingSecrets(text)
      if (other.length) console.error(`Not the fleet's secret, left out: ${other.join(', ')}`)
      await giveSecretsToBroker(matching)
    })
  })

const user = program.command('user').description('user accounts')
user
  .command('create')
  .requiredOption('--email <email>')
  .requiredOption('--password <password>')
  .requiredOption('--type <type>', 'adminus, admin or normal', userType)
  .option('--client <name>', 'client account (created when absent)', 'Kropla')
  .action((options: { email: string; password: string; type: UserTypeName; client: string }) =>
    withDatabase(async (database) => {
      const created = await createUserAccounts(userAccountsDal(database)).create({
        ...options,
        clientName: options.client,
      })
      console.log(`User ${created.email} created (${options.type}, client account ${options.client}).`)
    }),
  )
user
  .command('set-password')
  .requiredOption('--email <email>')
  .requiredOption('--password <password>')
  .action((options: { email: string; password: string }) =>
    withDatabase(async (database) => {
      await createUserAccounts(userAccountsDal(database)).setPassword(options.email, options.password)
      console.log(`Password of ${options.email} changed.`)
    }),
  )

user
  .command('assign')
  .description('let a user work in a further client account (assignedClients, switch_client)')
  .requiredOption('--email <email>')
  .requiredOption('--client <name>', 'the client account')
  .requiredOption('--type <type>', "the user's type in that account: admin or normal", (value: string) => {
    if (value === 'admin' || value === 'normal') return value
    throw new InvalidArgumentError('must be admin or normal')
  })
  .action((options: { email: string; client: string; type: 'admin' | 'normal' }) =>
    withDatabase(async (database) => {
      const { user: assigned, client } = await createAccountAccess(
        createAccountAccessDal(database.db),
      ).assign({
        email: options.email,
        clientName: options.client,
        type: options.type,
      })
      console.log(`User ${assigned.email} may work in ${client.name} (${options.type}).`)
    }),
  )

const client = program.command('client').description('client accounts: blocking and expiry')
client
  .command('block <name>')
  .description(
    'block the account and end its sessions (a running server logs their sockets out within a minute)',
  )
  .action((name: string) =>
    withDatabase(async (database) => {
      const { endedSessions } = await createAccountAccess(createAccountAccessDal(database.db)).block(name)
      console.log(`Client account ${name} is blocked; ${endedSessions.length} sessions ended.`)
    }),
  )
client.command('unblock <name>').action((name: string) =>
  withDatabase(async (database) => {
    await createAccountAccess(createAccountAccessDal(database.db)).unblock(name)
    console.log(`Client account ${name} is unblocked.`)
  }),
)
client
  .command('expire <name>')
  .description('set when the account expires (the start of that day, UTC), or --never')
  .option('--at <date>', 'YYYY-MM-DD')
  .option('--never', 'the account never expires')
  .action((name: string, options: { at?: string; never?: boolean }) =>
    withDatabase(async (database) => {
      if (Boolean(options.at) === Boolean(options.never))
        throw new AccessInputError('Give either --at YYYY-MM-DD or --never.')
      const at = options.at ? parseExpiryDate(options.at) : null
      await createAccountAccess(createAccountAccessDal(database.db)).expire(name, at)
      console.log(`Client account ${name} ${at ? `expires at ${at.toISOString()}` : 'never expires'}.`)
    }),
  )

program
  .command('backup <file>')
  .description('write a backup of the whole database (embedded: stop the server first)')
  .action((file: string) =>
    withDatabase(async (database) => {
      const counts = await backupDatabase(database, file)
      console.log(`Backup written to ${file}:`, counts)
    }),
  )
program
  .command('restore <file>')
  .description('replace the whole database with a backup (embedded: stop the server first)')
  .action((file: string) =>
    withDatabase(async (database) => {
      const counts = await restoreDatabase(database, file)
      console.log(`Restored from ${file}:`, counts)
    }),
  )

program.parseAsync().catch(fail)
