import { Context, Effect } from "effect"

/** Mints identifiers for new rows and secret tokens (verification, reset, sessions). */
export class IdSource extends Context.Service<
  IdSource,
  {
    /** A new unique id for a row. */
    readonly newId: Effect.Effect<string>
    /** A new unguessable token (at least 256 bits), URL-safe. */
    readonly newToken: Effect.Effect<string>
    /**
     * The lowercase hex SHA-256 of a token: what is stored in its place, so a leaked table signs
     * nobody in and opens no link.
     */
    readonly digest: (token: string) => Effect.Effect<string>
  }
>()("colorday/IdSource") {}

/** Lowercase hex SHA-256 of a string's UTF-8 bytes, with the platform's WebCrypto (Node, browsers). */
export const sha256Hex = (text: string): Effect.Effect<string> =>
  Effect.promise(async () => {
    const bytes = new Uint8Array(
      await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)),
    )
    return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("")
  })
