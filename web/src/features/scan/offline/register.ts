/**
 * Registers the service worker that shows the offline page (serviceWorker.ts), once the page has
 * loaded and the browser is idle: it must not compete with a first visit's scripts.
 */
export function registerOfflineWorker() {
  if (!('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // No worker (a private window, a blocked policy): the browser's own offline error stays.
    });
  };
  const whenIdle = () =>
    'requestIdleCallback' in window
      ? window.requestIdleCallback(register, { timeout: 5000 })
      : setTimeout(register, 1000);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
