import { Effect, Schema } from "effect"
import { sendContactMessage } from "../../../domain/contact/send-contact-message.use-case.ts"
import { ok, route } from "../route.ts"
import { EmailText, Line, Paragraphs } from "./shared.ts"
import { ContactSentBody } from "../account.schema.ts"

/** The contact form (§7 "Contact"): stored for the admin inbox and mailed to support. */

export const CONTACT_SENT_MESSAGE = "Message sent!"

export const contactRoutes = [
  route({
    method: "POST",
    path: "/api/email/contact",
    tag: "contact",
    summary:
      "Sends a message to support (name, email, subject, message, all required); the sender gets a confirmation e-mail. Visitors may write too",
    access: "public",
    okBody: ContactSentBody,
    rateLimit: "contact",
    body: Schema.Struct({
      name: Line(1000),
      email: EmailText,
      subject: Line(1000),
      message: Paragraphs(20_000),
    }),
    handler: ({ body, caller, raw }) =>
      Effect.map(
        sendContactMessage({
          ...body,
          memberId: caller.member?.id ?? null,
          language: raw.language,
        }),
        () =>
          ok({
            message: CONTACT_SENT_MESSAGE,
            detail: "Thank you for contacting us. We'll get back to you within 24 hours.",
          }),
      ),
  }),
]
