import './app/first-screen-styles'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App'
import { createServices } from './app/create-services'
import { createAppRouter } from './app/router'
import { browserLanguages, chooseLanguage, readStoredLang } from './features/language/choose-language'
import { registerServiceWorker } from './features/push/register-service-worker'
import { meQueryOptions } from './features/session/me-query'
import { reloadOnStaleChunks } from './lib/reload-on-stale-chunks'
import { startI18n } from './lib/start-i18n'

// Before the first dynamic import (the catalogue), so a release replaced meanwhile reloads the page.
reloadOnStaleChunks(window)
registerServiceWorker()

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

const { i18n, ready } = startI18n(chooseLanguage(readStoredLang(localStorage), browserLanguages(navigator)))
// Made now, the router starts loading the addressed screen's chunk while the catalogue loads. After
// startI18n: a screen behind login (or a mailed link's) fetches the catalogue's rest through it.
const router = createAppRouter()
const services = createServices(i18n)
// The first screen waits for /api/me (who is logged in); asked now, the answer travels alongside
// the catalogue and the screen's chunk instead of after them.
void services.queryClient.prefetchQuery(meQueryOptions(services.api))
// The first render waits for the language's catalogue, so it is translated from the first frame.
void ready.then(() => {
  document.documentElement.lang = i18n.language
  i18n.on('languageChanged', (lang) => {
    document.documentElement.lang = lang
  })
  createRoot(root).render(
    <StrictMode>
      <App services={services} router={router} />
    </StrictMode>,
  )
})
