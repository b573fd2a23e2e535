import './app/first-screen-styles'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App'
import { createServices } from './app/create-services'
import { createAppRouter, routerInitialized } from './app/router'
import { browserLanguages, chooseLanguage, readStoredLang } from './features/language/choose-language'
import { meQueryOptions } from './features/session/me-query'
import { reloadOnStaleChunks } from './lib/reload-on-stale-chunks'
import { startI18n } from './lib/start-i18n'

// Before the first dynamic import (the catalogue), so a release replaced meanwhile reloads the page.
reloadOnStaleChunks(window)

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

const { i18n, ready } = startI18n(chooseLanguage(readStoredLang(localStorage), browserLanguages(navigator)))
// Made now, the router starts loading the addressed screen's chunk while the catalogue loads. After
// startI18n: a screen behind login (or a mailed link's) fetches the catalogue's rest through it.
const router = createAppRouter()
const services = createServices(i18n)
// The first screen waits for /api/me (who is logged in); asked now, the answer travels alongside
// the catalogue and the screen's chunk instead of after them.
const meAsked = services.queryClient.prefetchQuery(meQueryOptions(services.api))
// The server's pre-rendered login form stays until the live one can replace it in one frame: a first
// render before the session answer and the screen's chunk would put a loader in its place for a moment
// (seen on a slow machine as the form jumping).
const prerendered = root.querySelector(':scope > [inert]') !== null
const firstScreenReady = prerendered ? Promise.all([meAsked, routerInitialized(router)]) : Promise.resolve()
// The first render waits for the language's catalogue, so it is translated from the first frame.
void Promise.all([ready, firstScreenReady]).then(() => {
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
