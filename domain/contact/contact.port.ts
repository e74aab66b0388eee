import { Context, type Effect, Layer } from "effect"
import type { NotFound } from "../shared/errors.ts"
import type { Page } from "../shared/paging.ts"
import type { ContactMessage } from "./contact-message.entity.ts"

export class ContactMessageRepository extends Context.Service<
  ContactMessageRepository,
  {
    readonly save: (message: ContactMessage) => Effect.Effect<void>
    readonly get: (id: string) => Effect.Effect<ContactMessage, NotFound>
    /** Newest first, a page at a time (the admin inbox); only unhandled ones when asked. */
    readonly page: (
      cursor: string | null,
      limit: number,
      filter?: { readonly unhandledOnly: boolean },
    ) => Effect.Effect<Page<ContactMessage>>
    readonly countUnhandled: Effect.Effect<number>
  }
>()("colorday/ContactMessageRepository") {}

/**
 * Where contact messages are mailed: configuration the domain needs (SUPPORT_EMAIL), provided at
 * the composition root like any other service.
 */
export class SupportAddress extends Context.Service<SupportAddress, { readonly email: string }>()(
  "colorday/SupportAddress",
) {
  static readonly layer = (email: string) => Layer.succeed(SupportAddress, { email })
}
