import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { buildInfo } from './build-info'
import { loginShell } from './login-shell'
import { precompress } from './precompress'
import { serviceWorkerBuild } from './service-worker-build'
import { startAfterPaint } from './start-after-paint'

const server = 'http://127.0.0.1:8080'

/** The dev server forwards every server path so the browser sees one origin, as in production. */
export default defineConfig({
  plugins: [react(), buildInfo(), startAfterPaint(), loginShell(), serviceWorkerBuild(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Named vendor chunks keep the build output readable and cacheable across app releases;
        // each is still loaded only by the screens that import it (the socket client never reaches /login).
        codeSplitting: {
          groups: [
            {
              name: 'react',
              // use-sync-external-store: react-i18next needs it on the login page; without it here, the
              // tables group (which takes its members' dependencies) would pull it and itself onto that page.
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|use-sync-external-store|@tanstack[\\/](react-query|query-core))[\\/]/,
              priority: 20,
            },
            // Virtualised tables (reports, operator lists): only the screens with such a table load them.
            {
              name: 'tables',
              test: /node_modules[\\/]@tanstack[\\/](react-virtual|virtual-core|react-table|table-core|react-store|store)[\\/]/,
              priority: 10,
            },
            // translate-key: three lines every screen and the login page use; a chunk of its own cost the
            // login page a file (and its share of the 150 KB budget).
            {
              name: 'i18n',
              test: /node_modules[\\/](i18next|react-i18next)[\\/]|src[\\/]lib[\\/]translate-key/,
            },
            // zod-without-eval runs inside the zod chunk, before any chunk that builds a schema (they
            // all import this one); in another chunk it could run after them. The chunk is loaded on
            // demand (no page needs it to boot), so index.html does not modulepreload it.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]|src[\\/]lib[\\/]zod-without-eval/ },
            // Charts: loaded by a chart when it first draws (features/history/echarts-parts.ts), never
            // by the login page or the start screen.
            { name: 'echarts', test: /node_modules[\\/](echarts|zrender)[\\/]/ },
            {
              name: 'socket',
              test: /node_modules[\\/](socket\.io-client|engine\.io-client|socket\.io-parser|engine\.io-parser|@socket\.io)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': server,
      '/token': server,
      '/login': server,
      '/logout': server,
      '/ingest': server,
      '/socket.io': { target: server, ws: true },
    },
  },
})
