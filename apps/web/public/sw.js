/*
 * Colorday's service worker (issue 24): shows the Web Push notifications the server sends (a JSON
 * payload: id, kind, title, body, url) and opens their page when one is clicked. Served at /sw.js
 * so its scope is the whole site. Plain JavaScript: it is copied into the build as it is.
 */
/* global self -- the service worker's global scope */

/** The site's own page a notification names (a path); anything else opens the home page. */
const pageOf = (url) => {
  try {
    const target = new URL(url || "/", self.location.origin)
    return target.origin === self.location.origin ? target.href : self.location.origin + "/"
  } catch {
    return self.location.origin + "/"
  }
}

self.addEventListener("install", () => {
  void self.skipWaiting()
})

self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim())
})

self.addEventListener("push", (event) => {
  let data = {}
  try {
    data = event.data ? event.data.json() : {}
  } catch {
    data = { title: event.data ? event.data.text() : "" }
  }
  const title = data.title || "Colorday"
  event.waitUntil(
    (async () => {
      await self.registration.showNotification(title, {
        body: data.body || "",
        tag: data.id || undefined,
        icon: "/favicon.svg",
        data: { url: pageOf(data.url), id: data.id, kind: data.kind },
      })
      // Open pages refresh their bell list.
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true })
      for (const client of windows)
        client.postMessage({ type: "colorday:push", notification: data })
    })(),
  )
})

self.addEventListener("notificationclick", (event) => {
  event.notification.close()
  const url = pageOf(event.notification.data && event.notification.data.url)
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true })
      const open = windows.find((client) => client.url === url)
      if (open) return open.focus()
      const ours = windows[0]
      if (ours && "navigate" in ours) {
        const navigated = await ours.navigate(url)
        return (navigated || ours).focus()
      }
      return self.clients.openWindow(url)
    })(),
  )
})
