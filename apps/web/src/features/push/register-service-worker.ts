import { serviceWorkerUrl } from './push-platform'

/**
 * Installs the service worker that shows pushed alarms, in production builds and where the browser
 * has service workers. It waits for the page to load so it never competes with the app's first
 * download; a failure only means no notifications while the app is closed, so it is not an error.
 */
export function registerServiceWorker(isProduction: boolean = import.meta.env.PROD) {
  if (!isProduction || !('serviceWorker' in navigator)) return
  window.addEventListener('load', () => {
    navigator.serviceWorker.register(serviceWorkerUrl, { scope: '/' }).catch((error: unknown) => {
      console.warn('The service worker could not be registered', error)
    })
  })
}
