import fs from 'node:fs/promises'
import path from 'node:path'
import react from '@vitejs/plugin-react'
import { createServer, type Plugin } from 'vite'

/** What index.html's root holds until the app's first render: the brand, for any first screen. */
export const bootMarkup = '<div id="root"><p class="boot">Kropla</p></div>'
export const loginShellFile = (lang: string) => `login.${lang}.html`

/**
 * Writes dist/login.en.html and dist/login.pl.html: index.html with the login screen pre-rendered
 * in its root (src/prerender/login-shell.tsx, run here through Vite's SSR loader, which takes the
 * app's TypeScript and imports as the build does). The server sends one of them to a visitor
 * without a session (apps/server/src/app/web-files.ts). Runs before the precompress step.
 */
export function loginShell(langs: readonly string[] = ['en', 'pl']): Plugin {
  let root = ''
  let outDir = ''
  return {
    name: 'kropla-login-shell',
    apply: 'build',
    configResolved(config) {
      root = config.root
      outDir = path.resolve(config.root, config.build.outDir)
    },
    async writeBundle() {
      const html = await fs.readFile(path.join(outDir, 'index.html'), 'utf8')
      if (!html.includes(bootMarkup)) throw new Error(`login-shell: index.html has no ${bootMarkup}`)
      const renderer = await createServer({
        root,
        configFile: false,
        appType: 'custom',
        logLevel: 'error',
        plugins: [react()],
        server: { middlewareMode: true, hmr: false, ws: false },
      })
      try {
        const { renderLoginShell } = (await renderer.ssrLoadModule('/src/prerender/login-shell.tsx')) as {
          renderLoginShell: (lang: string) => string
        }
        for (const lang of langs) {
          const page = html
            .replace(bootMarkup, `<div id="root">${renderLoginShell(lang)}</div>`)
            // The manifest in the page's language (the app keeps it in step when the language changes).
            .replace(
              'href="/manifest.webmanifest"',
              `href="/manifest${lang === 'en' ? '' : `.${lang}`}.webmanifest"`,
            )
          await fs.writeFile(
            path.join(outDir, loginShellFile(lang)),
            page.replace('<html lang="en"', `<html lang="${lang}"`),
          )
        }
      } finally {
        await renderer.close()
      }
    },
  }
}
