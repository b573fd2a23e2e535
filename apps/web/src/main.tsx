import './lib/zod-without-eval'
import './app/first-screen-styles'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App'
import { createAppRouter } from './app/router'
import { browserLanguages, chooseLanguage, readStoredLang } from './features/language/choose-language'
import { registerServiceWorker } from './features/push/register-service-worker'
import { reloadOnStaleChunks } from './lib/reload-on-stale-chunks'
import { startI18n } from './lib/start-i18n'

// Before the first dynamic import (the catalogue), so a release replaced meanwhile reloads the page.
reloadOnStaleChunks(window)
registerServiceWorker()

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

// Made now, the router starts loading the addressed screen's chunk while the catalogue loads.
const router = createAppRouter()
// The first render waits for the language's catalogue, so it is translated from the first frame.
void startI18n(chooseLanguage(readStoredLang(localStorage), browserLanguages(navigator))).then((i18n) => {
  document.documentElement.lang = i18n.language
  i18n.on('languageChanged', (lang) => {
    document.documentElement.lang = lang
  })
  createRoot(root).render(
    <StrictMode>
      <App i18n={i18n} router={router} />
    </StrictMode>,
  )
})
