import { Context, type Effect, Layer } from "effect"
import type { Page } from "../shared/paging.ts"
import type { ContactMessage } from "./contact-message.entity.ts"

export class ContactMessageRepository extends Context.Service<
  ContactMessageRepository,
  {
    readonly save: (message: ContactMessage) => Effect.Effect<void>
    /** Newest first, a page at a time (the admin inbox). */
    readonly page: (cursor: string | null, limit: number) => Effect.Effect<Page<ContactMessage>>
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
