import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import zlib from 'node:zlib'
import { repoRoot, round } from './lib'

/**
 * How much JavaScript and CSS the login page makes a browser download, read from the built web
 * app (it builds nothing: run `npm run build` first). The page's set is index.html's script,
 * modulepreload and stylesheet links plus everything their static imports reach, and the lazy
 * chunks the login page fetches at once (the login route and the English catalogue) with their
 * static imports. Each file counts at its Brotli and gzip size (the encodings the server sends);
 * the budget applies to the JavaScript. The baseline is every JS file of the build, uncompressed,
 * which is what a build without code splitting or compression would send.
 */

export interface FirstLoadArgs {
  dist: string
  lazy: string[]
  limitKb: number
}

export function parseFirstLoadArgs(argv: string[]): FirstLoadArgs {
  const { values } = parseArgs({
    args: argv,
    options: {
      dist: { type: 'string', default: path.join(repoRoot, 'apps/web/dist') },
      lazy: { type: 'string', default: 'LoginScreen,en-public' },
      'limit-kb': { type: 'string', default: '150' },
    },
  })
  return { dist: values.dist, lazy: values.lazy.split(','), limitKb: Number(values['limit-kb']) }
}

const linkPattern = /<(?:script|link)\b[^>]*>/g
const staticImportPattern = /\bimport\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']\.\/([^"']+)["']/g
const dynamicImportPattern = /\bimport\(\s*["'`]\.\/([^"'`]+)["'`]\s*\)/g

/** The asset paths (relative to dist) index.html makes the browser fetch before any code runs. */
export function htmlAssets(html: string): string[] {
  const found: string[] = []
  for (const [tag] of html.matchAll(linkPattern)) {
    const isScript = tag.startsWith('<script') && /\bsrc="/.test(tag)
    const isLink = /rel="(modulepreload|stylesheet)"/.test(tag)
    if (!isScript && !isLink) continue
    // Built assets, and scripts served as they are (public/start.js, which starts the app).
    const url = /(?:src|href)="\/([^"]+)"/.exec(tag)?.[1]
    if (url?.startsWith('assets/') || (isScript && url)) found.push(url)
  }
  return found
}

/** Files a chunk imports statically (the browser loads them before the chunk runs). */
export function staticImports(code: string): string[] {
  return [...code.matchAll(staticImportPattern)].map((match) => `assets/${match[1]}`)
}

function dynamicImports(code: string): string[] {
  return [...code.matchAll(dynamicImportPattern)].map((match) => `assets/${match[1]}`)
}

function closure(dist: string, roots: string[]): Set<string> {
  const seen = new Set<string>()
  const queue = [...roots]
  while (queue.length > 0) {
    const file = queue.pop() as string
    if (seen.has(file)) continue
    seen.add(file)
    if (file.endsWith('.js')) queue.push(...staticImports(fs.readFileSync(path.join(dist, file), 'utf8')))
  }
  return seen
}

interface Sizes {
  files: number
  raw: number
  brotli: number
  gzip: number
}

function measure(dist: string, files: Iterable<string>): Sizes {
  const sizes: Sizes = { files: 0, raw: 0, brotli: 0, gzip: 0 }
  for (const file of files) {
    const body = fs.readFileSync(path.join(dist, file))
    sizes.files += 1
    sizes.raw += body.length
    sizes.brotli += zlib.brotliCompressSync(body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
    }).length
    sizes.gzip += zlib.gzipSync(body, { level: 9 }).length
  }
  return sizes
}

const kb = (bytes: number) => round(bytes / 1024, 1)

export async function runFirstLoad(args: FirstLoadArgs): Promise<boolean> {
  const indexPath = path.join(args.dist, 'index.html')
  if (!fs.existsSync(indexPath)) {
    console.error(`${indexPath} is missing: run \`npm run build\` first`)
    return false
  }
  const initial = closure(args.dist, htmlAssets(fs.readFileSync(indexPath, 'utf8')))
  const lazyFromEntry = [...initial]
    .filter((file) => file.endsWith('.js'))
    .flatMap((file) => dynamicImports(fs.readFileSync(path.join(args.dist, file), 'utf8')))
  const lazyChunks: string[] = []
  for (const name of args.lazy) {
    const chunk = lazyFromEntry.find((file) => path.basename(file).startsWith(`${name}-`))
    if (!chunk) {
      console.error(`No lazy chunk named ${name}-*.js is imported from the entry`)
      return false
    }
    lazyChunks.push(chunk)
  }
  const page = closure(args.dist, [...initial, ...lazyChunks])
  const allJs = fs
    .readdirSync(path.join(args.dist, 'assets'))
    .filter((name) => name.endsWith('.js'))
    .map((name) => `assets/${name}`)

  const before = measure(args.dist, initial)
  const loaded = measure(args.dist, page)
  const js = measure(
    args.dist,
    [...page].filter((file) => file.endsWith('.js')),
  )
  const css = measure(
    args.dist,
    [...page].filter((file) => file.endsWith('.css')),
  )
  const baseline = measure(args.dist, allJs)
  const largest = [...page]
    .map((file) => ({ file: path.basename(file), kb: kb(fs.statSync(path.join(args.dist, file)).size) }))
    .sort((a, b) => b.kb - a.kb)
    .slice(0, 5)
  console.log(
    `login page: ${loaded.files} files, ${kb(loaded.raw)} KB raw, ${kb(loaded.brotli)} KB brotli (JS ${kb(js.brotli)}, CSS ${kb(css.brotli)})`,
  )
  console.log(`largest: ${largest.map((entry) => `${entry.file} ${entry.kb} KB`).join(', ')}`)
  const ok = js.brotli <= args.limitKb * 1024
  console.log(
    JSON.stringify({
      bench: 'first-load',
      lazy: args.lazy,
      files: loaded.files,
      js_kb_brotli: kb(js.brotli),
      js_kb_gzip: kb(js.gzip),
      js_kb_raw: kb(js.raw),
      css_kb_brotli: kb(css.brotli),
      total_kb_brotli: kb(loaded.brotli),
      before_lazy_kb_brotli: kb(before.brotli),
      baseline_all_js_kb_raw: kb(baseline.raw),
      baseline_files: baseline.files,
      ratio: round(js.brotli / baseline.raw, 3),
      limit_kb_brotli: args.limitKb,
      ok,
    }),
  )
  return ok
}
