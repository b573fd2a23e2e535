// Starts the app after the first paint, so that what index.html holds (the login screen
// pre-rendered for a visitor without a session, else the brand) shows before the browser spends
// its time on the app's scripts, which download meanwhile (index.html preloads them). The build
// (apps/web/start-after-paint.ts) names the app's entry in data-entry.
const entry = document.currentScript?.dataset.entry
requestAnimationFrame(() => {
  setTimeout(() => {
    const script = document.createElement('script')
    script.type = 'module'
    script.crossOrigin = ''
    script.src = entry
    document.head.append(script)
  })
})
