import { Effect, Schema } from "effect"
import { inbox, replyToMessage, setHandled } from "../../../domain/contact/inbox.use-case.ts"
import { presentContactMessage } from "../admin-presenters.ts"
import { ok, route } from "../route.ts"
import { IdParams, PageQuery } from "../schemas.ts"
import { Line, Paragraphs } from "./shared.ts"
import { actor, page } from "./admin-shared.ts"
import { ContactMessageBody, ContactMessagePageBody } from "../admin.schema.ts"

/** The admin dashboard's inbox: the contact messages, marking one handled, replying. Admins only, as every admin route (admin.routes.ts). */

export const adminMessageRoutes = [
  route({
    method: "GET",
    path: "/api/admin/messages",
    tag: "admin",
    summary: "The contact inbox, newest first: unhandled messages, or all",
    access: "admin",
    okBody: ContactMessagePageBody,
    query: Schema.Struct({
      status: Schema.optional(Schema.Literals(["unhandled", "all"])),
      ...PageQuery.fields,
    }),
    handler: ({ query }) =>
      Effect.gen(function* () {
        const found = yield* inbox({
          unhandledOnly: query.status !== "all",
          cursor: query.cursor,
          limit: query.limit,
        })
        return page(found.items.map(presentContactMessage), found.nextCursor)
      }),
  }),
  route({
    method: "POST",
    path: "/api/admin/messages/:id/handled",
    tag: "admin",
    summary: "Marks a contact message handled, or not handled again",
    access: "admin",
    okBody: ContactMessageBody,
    params: IdParams,
    body: Schema.Struct({ handled: Schema.Boolean }),
    responses: { 404: "No such message" },
    handler: ({ params, body, caller }) =>
      Effect.gen(function* () {
        const message = yield* setHandled(yield* actor(caller), params.id, body.handled)
        return ok(presentContactMessage(message))
      }),
  }),
  route({
    method: "POST",
    path: "/api/admin/messages/:id/reply",
    tag: "admin",
    summary:
      "Answers a contact message by mail from the support address (queued with the change; the outbox's sender delivers it, with retries); marks it handled",
    access: "admin",
    okBody: ContactMessageBody,
    params: IdParams,
    body: Schema.Struct({ subject: Line(200), body: Paragraphs(10_000) }),
    responses: { 404: "No such message" },
    handler: ({ params, body, caller }) =>
      Effect.gen(function* () {
        const replied = yield* replyToMessage(yield* actor(caller), params.id, body)
        return ok(presentContactMessage(replied.message))
      }),
  }),
]
