import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * Decisions are cited by number (`ADR 0042`, `docs/adr/0042-some-title.md`), so a citation that
 * names no record sends a reader nowhere, and a record without its headings or its row in the
 * index is one nobody finds. This fails with the file and line of every such citation and the
 * records that break the form (docs/adr/README.md says how to add one).
 */
const repo = path.resolve(import.meta.dirname, '../../../..')
const adrDir = 'docs/adr'

/** What is not ours to cite from, or not text: dependencies, builds, run-time data. */
const skippedDirs = new Set(['node_modules', 'dist', 'data', '.tmp', '.git', 'coverage', 'results'])
const textFile = /\.(ts|tsx|mts|js|mjs|cjs|md|sql|json|css|html|ya?ml|sh)$|^\.env\.example$/

function textFiles(dir: string): string[] {
  return readdirSync(path.join(repo, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = dir === '.' ? entry.name : `${dir}/${entry.name}`
    if (entry.isDirectory()) return skippedDirs.has(entry.name) ? [] : textFiles(file)
    return textFile.test(entry.name) && entry.name !== 'package-lock.json' ? [file] : []
  })
}

interface Citation {
  line: number
  number: string
  /** The file name when the citation gives one (a path or a link), else null: any title will do. */
  file: string | null
}

/**
 * Every citation of an ADR in a text: `ADR 0042`, a path ending `adr/0042-title.md`, and inside
 * docs/adr a relative link `(0042-title.md)`. Placeholders such as `ADR NNNN` are not citations.
 */
function citationsIn(text: string, insideAdrDir: boolean): Citation[] {
  const patterns: RegExp[] = [
    /\bADR (\d{4})\b/g,
    /\badr\/(\d{4})((?:-[a-z0-9]+)*)(?:\.md)?\b/g,
    ...(insideAdrDir ? [/\]\((\d{4})((?:-[a-z0-9]+)+)\.md\)/g] : []),
  ]
  return text.split('\n').flatMap((lineText, index) =>
    patterns.flatMap((pattern) =>
      [...lineText.matchAll(pattern)].map((match) => ({
        line: index + 1,
        number: match[1] as string,
        file: match[2] ? `${match[1]}${match[2]}.md` : null,
      })),
    ),
  )
}

function brokenCitations(file: string, text: string, records: readonly string[]): string[] {
  return citationsIn(text, file.startsWith(`${adrDir}/`))
    .filter(({ number, file: named }) =>
      named ? !records.includes(named) : !records.some((record) => record.startsWith(`${number}-`)),
    )
    .map(({ line, number, file: named }) => `${file}:${line}: ${named ?? `ADR ${number}`} does not exist`)
}

const recordName = /^(\d{4})-[a-z0-9]+(?:-[a-z0-9]+)*\.md$/
/** A link to another record, `[0042](0042-title.md)`; several are joined by ", " and " and ". */
const link = String.raw`\[\d{4}\]\(\d{4}(?:-[a-z0-9]+)+\.md\)`
const links = `${link}(?:(?:, | and )${link})*`
const statusLine = new RegExp(
  String.raw`^Status: (?:Accepted(?: \(supersedes (${links})\))?(?:; amended by ${links})?|Superseded by \[(\d{4})\]\(\d{4}(?:-[a-z0-9]+)+\.md\))$`,
)
const sections = ['## Context', '## Decision', '## Consequences']

interface AdrRecord {
  file: string
  title: string
  status: string
  supersededBy: string | null
  supersedes: string[]
}

/** A record's title and status, and what is wrong with its form. */
function readRecord(file: string, text: string): { record: AdrRecord | null; problems: string[] } {
  const number = recordName.exec(file)?.[1]
  if (!number) return { record: null, problems: [`${adrDir}/${file}: not named NNNN-kebab-title.md`] }
  const lines = text.split('\n')
  const problems: string[] = []
  const heading = new RegExp(`^# ${number}\\. (.+)$`).exec(lines[0] ?? '')
  if (!heading) problems.push(`${adrDir}/${file}:1: the first line is not "# ${number}. Title"`)
  const statusAt = lines.findIndex((line) => line.startsWith('Status:'))
  const status = statusLine.exec(lines[statusAt] ?? '')
  if (!status) {
    const where = statusAt === -1 ? '' : `:${statusAt + 1}`
    problems.push(
      `${adrDir}/${file}${where}: the status is not "Accepted" or "Superseded by [NNNN](NNNN-....md)"`,
    )
  }
  const places = sections.map((section) => lines.indexOf(section))
  sections.forEach((section, i) => {
    if (places[i] === -1) problems.push(`${adrDir}/${file}: no "${section}" heading`)
  })
  const found = places.filter((place) => place !== -1)
  if (found.some((place, i) => i > 0 && place < (found[i - 1] as number))) {
    problems.push(`${adrDir}/${file}: the headings are not in the order ${sections.join(', ')}`)
  }
  const supersedes = [...(status?.[1] ?? '').matchAll(/\[(\d{4})\]/g)].map((match) => match[1] as string)
  return {
    record: heading
      ? {
          file,
          title: heading[1] as string,
          status: (lines[statusAt] ?? '').replace(/^Status: /, ''),
          supersededBy: status?.[2] ?? null,
          supersedes,
        }
      : null,
    problems,
  }
}

/** A superseded record names its successor, and the successor names it back. */
function supersessionProblems(records: readonly AdrRecord[]): string[] {
  const byNumber = new Map(records.map((record) => [record.file.slice(0, 4), record]))
  const problems: string[] = []
  for (const record of records) {
    const number = record.file.slice(0, 4)
    if (record.supersededBy && !byNumber.get(record.supersededBy)?.supersedes.includes(number)) {
      problems.push(
        `${adrDir}/${record.file}: superseded by ${record.supersededBy}, which does not say "supersedes"`,
      )
    }
    for (const older of record.supersedes) {
      if (byNumber.get(older)?.supersededBy !== number) {
        problems.push(
          `${adrDir}/${record.file}: supersedes ${older}, which does not say "Superseded by ${number}"`,
        )
      }
    }
  }
  return problems
}

/** Every record has its row in the index: `| [NNNN](file) | title | status |`, as the record says. */
function indexProblems(index: string, records: readonly AdrRecord[]): string[] {
  const rows = new Map(
    [...index.matchAll(/^\| \[(\d{4})\]\(([^)]+)\) \| (.+?) \| (.+) \|$/gm)].map((row) => [
      row[2] as string,
      { title: row[3] as string, status: row[4] as string },
    ]),
  )
  return records.flatMap((record) => {
    const row = rows.get(record.file)
    if (!row) return [`${adrDir}/README.md: no row for ${record.file}`]
    const problems: string[] = []
    if (row.title !== record.title) problems.push(`${adrDir}/README.md: the title of ${record.file} differs`)
    if (row.status !== record.status)
      problems.push(`${adrDir}/README.md: the status of ${record.file} differs`)
    return problems
  })
}

const recordFiles = readdirSync(path.join(repo, adrDir)).filter((name) => name !== 'README.md')
const read = recordFiles.map((file) => readRecord(file, readFileSync(path.join(repo, adrDir, file), 'utf8')))
const records = read.flatMap(({ record }) => (record ? [record] : []))

describe('architecture decision records', () => {
  // This file cites no ADR itself; its probes below would read as citations of missing ones.
  const ownFile = path
    .relative(repo, import.meta.filename)
    .split(path.sep)
    .join('/')

  it('are cited by numbers that exist: every ADR NNNN and docs/adr/NNNN-... names a record', () => {
    const files = textFiles('.').filter((file) => file !== ownFile)
    expect(
      files.flatMap((file) =>
        brokenCitations(file, readFileSync(path.join(repo, file), 'utf8'), recordFiles),
      ),
    ).toEqual([])
  })

  it('each have a title, a status, and Context, Decision and Consequences', () => {
    expect(read.flatMap(({ problems }) => problems)).toEqual([])
  })

  it('are numbered from 0001 without gaps, so the next number is the count plus one', () => {
    const numbers = records.map((record) => Number(record.file.slice(0, 4))).sort((a, b) => a - b)
    expect(numbers).toEqual(numbers.map((_, i) => i + 1))
  })

  it('say both ways which one supersedes which', () => {
    expect(supersessionProblems(records)).toEqual([])
  })

  it('are all in the index with the title and status they carry', () => {
    expect(indexProblems(readFileSync(path.join(repo, adrDir, 'README.md'), 'utf8'), records)).toEqual([])
  })

  it('recognises a citation of a missing record and a record out of form', () => {
    const known = ['0001-one-thing.md', '0002-another.md']
    expect(brokenCitations('a.ts', '// why: ADR 0001\n// and ADR 0003', known)).toEqual([
      'a.ts:2: ADR 0003 does not exist',
    ])
    expect(
      brokenCitations('b.md', 'see docs/adr/0002-another.md and docs/adr/0002-renamed.md', known),
    ).toEqual(['b.md:1: 0002-renamed.md does not exist'])
    expect(brokenCitations('docs/adr/0002-another.md', 'by [0004](0004-later.md)', known)).toEqual([
      'docs/adr/0002-another.md:1: 0004-later.md does not exist',
    ])
    expect(brokenCitations('c.md', 'cite it as ADR NNNN, docs/adr/NNNN-title.md', known)).toEqual([])

    const good = '# 0002. Another\n\nStatus: Accepted\n\n## Context\n\n## Decision\n\n## Consequences\n'
    expect(readRecord('0002-another.md', good).problems).toEqual([])
    expect(readRecord('0002-another.md', good.replace('## Consequences\n', '')).problems).toEqual([
      'docs/adr/0002-another.md: no "## Consequences" heading',
    ])
    expect(
      readRecord('0002-another.md', good.replace('Status: Accepted', 'Status: Proposed')).problems,
    ).toHaveLength(1)
    const record = readRecord('0002-another.md', good).record as AdrRecord
    expect(indexProblems('| [0001](0001-one-thing.md) | One thing | Accepted |', [record])).toEqual([
      'docs/adr/README.md: no row for 0002-another.md',
    ])
  })
})
