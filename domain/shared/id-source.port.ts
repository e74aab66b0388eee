import { Context, type Effect } from "effect"

/** Mints identifiers for new rows and secret tokens (verification, reset, sessions). */
export class IdSource extends Context.Service<
  IdSource,
  {
    /** A new unique id for a row. */
    readonly newId: Effect.Effect<string>
    /** A new unguessable token (at least 256 bits), URL-safe. */
    readonly newToken: Effect.Effect<string>
  }
>()("colorday/IdSource") {}
