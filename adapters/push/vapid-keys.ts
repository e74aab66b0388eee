import { mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import webpush from "web-push"

/**
 * VAPID (RFC 8292): the key pair this server signs its pushes with. Browsers subscribe with the
 * public key, so it must stay the same for as long as their subscriptions are to work, and be the
 * same on every instance.
 */
export interface VapidKeys {
  readonly publicKey: string
  readonly privateKey: string
}

export interface PushConfig {
  /** The keys, or null: push is off (subscribing is refused, notifications stay in the bell). */
  readonly vapid: VapidKeys | null
  /** VAPID_SUBJECT: how a push service reaches the operator (mailto: or https:). */
  readonly subject: string
  /** PUSH_ALLOW_HTTP=true: subscriptions may point at plain http push services (tests, local). */
  readonly allowHttpEndpoints: boolean
  /** Where the embedded default's generated keys were read from or written to, if they were. */
  readonly keysFile?: string | undefined
}

/** The file in DATA_DIR that holds the embedded default's generated keys. */
export const VAPID_KEYS_FILE = "vapid-keys.json"

const setting = (value: string | undefined) =>
  value === undefined || value.trim() === "" ? undefined : value.trim()

/**
 * The keys in `file`, or new ones written there when it does not exist yet (the embedded
 * default's first start). Written with `wx`, so of two processes starting at once one writes and
 * the other reads what it wrote; readable by the owner only.
 */
export const vapidKeysInDataDir = (dataDir: string): { keys: VapidKeys; file: string } => {
  const file = join(dataDir, VAPID_KEYS_FILE)
  const read = (): VapidKeys => {
    const parsed = JSON.parse(readFileSync(file, "utf8")) as Partial<VapidKeys>
    if (typeof parsed.publicKey !== "string" || typeof parsed.privateKey !== "string") {
      throw new Error(
        `${file} holds no VAPID keys (publicKey, privateKey): delete it to make new ones`,
      )
    }
    return { publicKey: parsed.publicKey, privateKey: parsed.privateKey }
  }
  try {
    return { keys: read(), file }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error
  }
  const keys = webpush.generateVAPIDKeys()
  mkdirSync(dataDir, { recursive: true })
  try {
    writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { flag: "wx", mode: 0o600 })
    return { keys, file }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error
    return { keys: read(), file }
  }
}

/**
 * Push settings from the environment: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (both, or neither),
 * VAPID_SUBJECT (default mailto: SUPPORT_EMAIL), PUSH_ALLOW_HTTP. Without keys the embedded
 * default (no DATABASE_URL) generates a pair into DATA_DIR on first start; a server database
 * without them has push off, as each instance would otherwise make keys of its own.
 */
export const pushConfigFromEnv = (
  env: Record<string, string | undefined>,
  where: { readonly dataDir: string; readonly embedded: boolean },
): PushConfig => {
  const publicKey = setting(env.VAPID_PUBLIC_KEY)
  const privateKey = setting(env.VAPID_PRIVATE_KEY)
  if ((publicKey === undefined) !== (privateKey === undefined)) {
    throw new Error("set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither")
  }
  const subject =
    setting(env.VAPID_SUBJECT) ?? `mailto:${setting(env.SUPPORT_EMAIL) ?? "support@colorday.test"}`
  const allowHttpEndpoints = setting(env.PUSH_ALLOW_HTTP)?.toLowerCase() === "true"
  if (publicKey !== undefined && privateKey !== undefined) {
    return { vapid: { publicKey, privateKey }, subject, allowHttpEndpoints }
  }
  if (!where.embedded) return { vapid: null, subject, allowHttpEndpoints }
  const { keys, file } = vapidKeysInDataDir(where.dataDir)
  return { vapid: keys, subject, allowHttpEndpoints, keysFile: file }
}
