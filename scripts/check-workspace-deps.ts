/**
 * Every workspace declares the `@kropla/*` packages its code imports (dependencies or
 * devDependencies), so npm links and orders them from the package files, not by the accident of
 * hoisting. Run by `npm test` (`npm run check:deps`).
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

const repo = path.resolve(import.meta.dirname, '..')
const skipped = new Set(['node_modules', 'dist', '.git', '.tmp'])
const kroplaImport = /(?:from|import)\s*\(?\s*['"](@kropla\/[a-z0-9-]+)/g

interface PackageJson {
  name: string
  workspaces?: string[]
  dependencies?: Record<string, string>
  devDependencies?: Record<string, string>
}

const readPackage = (dir: string) =>
  JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as PackageJson

/** Source files of the workspace at `dir`, not descending into other workspaces (the root holds them all). */
function sourceFiles(dir: string, otherWorkspaces: Set<string>): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (skipped.has(entry.name) || otherWorkspaces.has(full)) return []
    if (entry.isDirectory()) return sourceFiles(full, otherWorkspaces)
    return /\.[cm]?tsx?$/.test(entry.name) ? [full] : []
  })
}

const root = readPackage(repo)
const workspaces = (root.workspaces ?? []).map((workspace) => path.join(repo, workspace))
const problems: string[] = []
for (const dir of [repo, ...workspaces]) {
  const pkg = readPackage(dir)
  const declared = new Set([
    ...Object.keys(pkg.dependencies ?? {}),
    ...Object.keys(pkg.devDependencies ?? {}),
  ])
  const others = new Set(dir === repo ? workspaces : [])
  for (const file of sourceFiles(dir, others)) {
    for (const [, name] of readFileSync(file, 'utf8').matchAll(kroplaImport)) {
      if (name !== pkg.name && !declared.has(name!)) {
        problems.push(
          `${path.relative(repo, file)} imports ${name}, which ${pkg.name}'s package.json does not declare`,
        )
      }
    }
  }
}

if (problems.length > 0) {
  console.error(`Undeclared workspace imports:\n${[...new Set(problems)].map((p) => `  ${p}`).join('\n')}`)
  process.exit(1)
}
console.log(`${workspaces.length + 1} packages declare the @kropla packages they import`)
