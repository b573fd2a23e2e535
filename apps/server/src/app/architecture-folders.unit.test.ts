import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * docs/architecture.md gives every folder one line, so a newcomer finds a feature from the doc. A
 * folder added without its line would make the map quietly wrong; this fails with each folder the
 * doc does not name: every feature folder of every app, and the top-level folders of every app's
 * and package's `src/`.
 */
const repo = path.resolve(import.meta.dirname, '../../../..')

const foldersIn = (dir: string) =>
  readdirSync(path.join(repo, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)

/**
 * The folders the doc names under one workspace (`apps/server/`): within the folder map's code block,
 * the lines from the workspace's own line to the next line at the margin, and on each the leading
 * words that end in `/` (`    water-sources/ groups/   /api/...` names two).
 */
function namedUnder(doc: string, workspace: string): Set<string> {
  const block = doc.split('```')[1] ?? ''
  const lines = block.split('\n')
  const start = lines.findIndex((line) => line.startsWith(`${workspace} `) || line === workspace)
  if (start === -1) return new Set()
  const end = lines.findIndex((line, i) => i > start && /^\S/.test(line))
  return new Set(
    lines.slice(start + 1, end === -1 ? undefined : end).flatMap((line) => {
      const words = line.trim().split(/\s+/)
      const folders = words.findIndex((word) => !word.endsWith('/'))
      return words.slice(0, folders === -1 ? undefined : folders)
    }),
  )
}

/** Each folder that must have its line: where it is, the workspace whose lines name it, and as what. */
function requiredFolders(): { folder: string; workspace: string; named: string }[] {
  const workspaces = ['apps', 'packages'].flatMap((kind) => foldersIn(kind).map((name) => `${kind}/${name}`))
  return workspaces.flatMap((workspace) => [
    ...foldersIn(`${workspace}/src`).map((name) => ({
      folder: `${workspace}/src/${name}`,
      workspace: `${workspace}/`,
      named: `src/${name}/`,
    })),
    ...(workspace.startsWith('apps/') && foldersIn(`${workspace}/src`).includes('features')
      ? foldersIn(`${workspace}/src/features`).map((name) => ({
          folder: `${workspace}/src/features/${name}`,
          workspace: `${workspace}/`,
          named: `${name}/`,
        }))
      : []),
  ])
}

function unnamed(doc: string, folders: ReturnType<typeof requiredFolders>): string[] {
  return folders
    .filter(({ workspace, named }) => !namedUnder(doc, workspace).has(named))
    .map(({ folder, workspace, named }) => `${folder}: no line "${named}" under ${workspace}`)
}

describe('docs/architecture.md', () => {
  it('names every feature folder and every top-level folder of src/ in apps and packages', () => {
    const doc = readFileSync(path.join(repo, 'docs/architecture.md'), 'utf8')
    expect(unnamed(doc, requiredFolders())).toEqual([])
  })

  it('recognises a folder without its line', () => {
    const doc = [
      '```',
      'apps/server/                     the server',
      '  src/app/                       the composition root',
      '  src/features/<feature>/        one folder per feature',
      '    auth/                        logins',
      '    water-sources/ groups/       resources',
      'apps/web/                        the browser app',
      '    alarms/                      the alarms screen',
      '```',
    ].join('\n')
    const folder = (workspace: string, named: string) => ({ folder: named, workspace, named })
    expect(
      unnamed(doc, [
        folder('apps/server/', 'src/app/'),
        folder('apps/server/', 'auth/'),
        folder('apps/server/', 'groups/'),
        folder('apps/server/', 'alarms/'),
        folder('apps/web/', 'auth/'),
        folder('apps/simulator/', 'src/farm/'),
      ]),
    ).toEqual([
      'alarms/: no line "alarms/" under apps/server/',
      'auth/: no line "auth/" under apps/web/',
      'src/farm/: no line "src/farm/" under apps/simulator/',
    ])
  })
})
