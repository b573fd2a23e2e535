import { serviceWorkerUrl } from '../push/push-platform'

/**
 * Installs the service worker (public/sw.js: pushed alarms, and the app shell and last answers
 * kept for a dead zone) in production builds where the browser has service workers. Called once
 * someone has signed in (the main layout), so the login page's scripts carry none of it; it waits
 * for the page to have loaded so it never competes with the first screen's downloads. A failure
 * only means no notifications and no offline start, so it is not an error.
 */
export function registerServiceWorker(target: Window = window, isProduction: boolean = import.meta.env.PROD) {
  if (!isProduction || !('serviceWorker' in target.navigator)) return
  const register = () => {
    target.navigator.serviceWorker.register(serviceWorkerUrl, { scope: '/' }).catch((error: unknown) => {
      console.warn('The service worker could not be registered', error)
    })
  }
  // The app starts after the first paint (public/start.js): the load event has often fired already.
  if (target.document.readyState === 'complete') target.setTimeout(register, 0)
  else target.addEventListener('load', register, { once: true })
}
