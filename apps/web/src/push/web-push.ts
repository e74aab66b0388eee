import { pushApi } from "../api/push-api.ts"

/**
 * This browser's side of Web Push (issue 24): the service worker (/sw.js, apps/web/public), the
 * permission, and the subscription the server sends to.
 */

export type PushState = "unsupported" | "default" | "granted" | "denied"

export const pushSupported = (): boolean =>
  typeof window !== "undefined" &&
  "serviceWorker" in navigator &&
  "PushManager" in window &&
  "Notification" in window

export const pushPermission = (): PushState =>
  pushSupported() ? Notification.permission : "unsupported"

/** The service worker at the site's root scope, registered once. */
export const serviceWorker = (): Promise<ServiceWorkerRegistration> =>
  navigator.serviceWorker
    .register("/sw.js", { scope: "/" })
    .then(() => navigator.serviceWorker.ready)

const fromBase64Url = (text: string): Uint8Array<ArrayBuffer> => {
  const base64 = text
    .replaceAll("-", "+")
    .replaceAll("_", "/")
    .padEnd(Math.ceil(text.length / 4) * 4, "=")
  const bytes = atob(base64)
  const array = new Uint8Array(new ArrayBuffer(bytes.length))
  for (let i = 0; i < bytes.length; i += 1) array[i] = bytes.charCodeAt(i)
  return array
}

/**
 * Subscribes this browser (or takes its subscription) and stores it on the server for the
 * signed-in member. Needs the permission granted; false when the server has push off.
 */
export const subscribeThisBrowser = async (): Promise<boolean> => {
  const { publicKey } = await pushApi.vapidPublicKey()
  if (publicKey === null) return false
  const registration = await serviceWorker()
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: fromBase64Url(publicKey),
    }))
  const json = subscription.toJSON()
  const p256dh = json.keys?.p256dh
  const auth = json.keys?.auth
  if (json.endpoint === undefined || p256dh === undefined || auth === undefined) return false
  await pushApi.subscribe({ endpoint: json.endpoint, keys: { p256dh, auth } })
  return true
}

/**
 * Asks for the permission (call it within the click that turned a push switch on: browsers ask
 * only during a gesture), then subscribes. The permission as it is afterwards.
 */
export const enablePush = async (): Promise<PushState> => {
  if (!pushSupported()) return "unsupported"
  const permission =
    Notification.permission === "default"
      ? await Notification.requestPermission()
      : Notification.permission
  if (permission === "granted") await subscribeThisBrowser()
  return permission
}
