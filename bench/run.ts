import { parseFairnessArgs, runFairness } from './fairness'
import { parseFirstLoadArgs, runFirstLoad } from './first-load'
import { parseHistoryArgs, runHistory } from './history'
import { parseIngestArgs, runIngest } from './ingest'
import { parseReportsArgs, runReports } from './reports'
import { parseStallArgs, runStall } from './stall'

const usage = `Usage: npm run bench -- <bench> [options]

  ingest   end-to-end MQTT ingest throughput against the real server, with a raw INSERT baseline
           --modules N (100)  --messages N per module (240)  --inflight N per module (50)
           --flush-ms N (server default)  --batch N raw batch size (5000)  --timeout S (90)
           --pg (or DATABASE_URL=...) use PostgreSQL  --profile DIR  write the server's CPU profiles
           --server-root DIR  run apps/server of another checkout (e.g. a patched copy)
  history  history_request over a day, a month and a year of 10-minute readings (the real socket), vs the plain SQL
           --modules N (20)  --days N (365)  --repeats N timed requests per range, median (15)  --settle S untimed requests first (10)
  reports  POST /api/reports (daily statistics over a year, hourly over a month, a delta report) and the CSV of the raw year, vs the plain SQL
           --modules N (20)  --days N (365)  --repeats N timed requests per case, median (7)
  stall    main event loop stalls while PGlite (in its worker) runs a long query, vs PGlite on the main thread
           --rows N (1500000)  --min-query-ms N (1000)
  fairness one user floods 400-day history_requests and reports while another farm's /api/objects and a
           module's PUBACK are timed: their p99 against a quiet run of the same server (target: 2x at most)
           --days N (400)  --samples N per phase (60)  --burst N history_requests at once (45)  --pg (DATABASE_URL)
  first-load  compressed JS/CSS the login page loads from the built app (apps/web/dist), vs all JS uncompressed
           --dist DIR  --lazy NAMES lazy chunks the page loads (LoginScreen,en-public)  --limit-kb N brotli budget (150)`

const [name, ...rest] = process.argv.slice(2)
let ok: boolean
switch (name) {
  case 'ingest':
    ok = await runIngest(parseIngestArgs(rest))
    break
  case 'history':
    ok = await runHistory(parseHistoryArgs(rest))
    break
  case 'reports':
    ok = await runReports(parseReportsArgs(rest))
    break
  case 'stall':
    ok = await runStall(parseStallArgs(rest))
    break
  case 'fairness':
    ok = await runFairness(parseFairnessArgs(rest))
    break
  case 'first-load':
    ok = await runFirstLoad(parseFirstLoadArgs(rest))
    break
  default:
    console.error(usage)
    process.exit(name === undefined || name === '--help' ? 0 : 2)
}
process.exit(ok ? 0 : 1)
