/*
 * 커튼콜's own service worker (product-rules §11: self-hosted Web Push). It only shows pushes
 * and opens their page on click; it caches nothing, so a new deployment is never hidden by it.
 * Served from /sw.js with `Cache-Control: no-cache`, so browsers pick up a new version at once.
 */
self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** Only paths of our own app are opened: a payload can never send the user elsewhere. */
function ownPath(url) {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/';
}

self.addEventListener('push', (event) => {
  let message = { title: '커튼콜', body: '', url: '/', tag: undefined };
  try {
    message = { ...message, ...(event.data ? event.data.json() : {}) };
  } catch {
    message.body = event.data ? event.data.text() : '';
  }
  event.waitUntil(
    Promise.all([
      self.registration.showNotification(message.title, {
        body: message.body,
        tag: message.tag,
        icon: '/favicon.svg',
        badge: '/favicon.svg',
        lang: 'ko',
        data: { url: ownPath(message.url) },
      }),
      // Open tabs refresh the bell's unread count.
      self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((clients) => {
        for (const client of clients) client.postMessage({ type: 'notification-received' });
      }),
    ]),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(
    ownPath(event.notification.data && event.notification.data.url),
    self.location.origin,
  );
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((clients) => {
      const open = clients.find((client) => new URL(client.url).origin === target.origin);
      if (open && 'navigate' in open) {
        return open.focus().then(() => open.navigate(target.href));
      }
      return self.clients.openWindow(target.href);
    }),
  );
});
