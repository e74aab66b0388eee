import { Context, type Effect } from "effect"

/** Hashes passwords with a memory-hard function at OWASP's parameters; never reversible. */
export class PasswordHasher extends Context.Service<
  PasswordHasher,
  {
    readonly hash: (password: string) => Effect.Effect<string>
    /** Constant-time check of a password against a stored hash. */
    readonly verify: (password: string, hash: string) => Effect.Effect<boolean>
  }
>()("colorday/PasswordHasher") {}
