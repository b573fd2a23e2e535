import '@mantine/core/styles.css'
import '@mantine/notifications/styles.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App'
import { browserLanguages, chooseLanguage, readStoredLang } from './features/language/choose-language'
import { registerServiceWorker } from './features/push/register-service-worker'
import { createI18n } from './lib/i18n'
import { reloadOnStaleChunks } from './lib/reload-on-stale-chunks'

const i18n = createI18n(chooseLanguage(readStoredLang(localStorage), browserLanguages(navigator)))
document.documentElement.lang = i18n.language
i18n.on('languageChanged', (lang) => {
  document.documentElement.lang = lang
})

reloadOnStaleChunks(window)
registerServiceWorker()

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')
createRoot(root).render(
  <StrictMode>
    <App i18n={i18n} />
  </StrictMode>,
)
