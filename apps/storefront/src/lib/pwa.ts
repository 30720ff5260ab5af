/**
 * Registers the service worker after the page has loaded (it must never compete with the menu)
 * and reloads the page once when an updated worker takes over (spec section 1: the app refreshes
 * after an update). The first install takes control without a reload: nothing was outdated.
 */
export function registerServiceWorker(url = '/sw.js'): void {
  if (!('serviceWorker' in navigator)) return;
  const hadController = navigator.serviceWorker.controller !== null;
  let reloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (!hadController || reloading) return;
    reloading = true;
    window.location.reload();
  });
  const register = () => {
    navigator.serviceWorker.register(url).catch(() => {
      // No offline support this visit; the page works the same.
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
