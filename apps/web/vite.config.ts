import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const server = 'http://127.0.0.1:8080'

/** The dev server forwards every server path so the browser sees one origin, as in production. */
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true },
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
