import type { Plugin } from 'vite'

const entryScript = /<script type="module" crossorigin src="([^"]+)"><\/script>/

/**
 * index.html's module entry becomes a preload, and /start.js (public/start.js) adds it as a script
 * after the first paint: what index.html holds paints before the scripts run. Every preload is low
 * priority: nothing on the first paint waits for them, and the stylesheet that does goes first.
 * Build only: the dev server keeps the plain entry.
 */
export function startAfterPaint(): Plugin {
  return {
    name: 'kropla-start-after-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entry = entryScript.exec(html)?.[1]
        if (!entry) throw new Error('start-after-paint: index.html has no module entry')
        return html
          .replace(
            entryScript,
            `<link rel="modulepreload" crossorigin href="${entry}">\n    <script src="/start.js" data-entry="${entry}" defer></script>`,
          )
          .replaceAll(
            '<link rel="modulepreload" crossorigin',
            '<link rel="modulepreload" crossorigin fetchpriority="low"',
          )
      },
    },
  }
}
