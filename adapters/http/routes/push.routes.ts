import { Effect, Schema } from "effect"
import {
  subscribeToPush,
  unsubscribeFromPush,
} from "../../../domain/notifications/member-notifications.use-case.ts"
import { PushSender } from "../../../domain/notifications/push-sender.port.ts"
import { VapidPublicKeyBody } from "../notification.schema.ts"
import { noContent, ok, route } from "../route.ts"
import { signedIn, Text } from "./shared.ts"

/**
 * Web Push subscriptions (issue 24): one per browser, for the signed-in member (the session is
 * the identity; a body never names a member).
 */

/** A push service's address: long (FCM's are ~200 characters), never this long. */
const Endpoint = Text(1000)

export const pushRoutes = [
  route({
    method: "GET",
    path: "/api/push/vapid-public-key",
    tag: "notifications",
    summary:
      "This server's VAPID public key, which a browser subscribes to push with (applicationServerKey); null when push is off",
    access: "public",
    okBody: VapidPublicKeyBody,
    handler: () =>
      Effect.gen(function* () {
        return ok({ publicKey: (yield* PushSender).publicKey })
      }),
  }),
  route({
    method: "POST",
    path: "/api/push/subscriptions",
    tag: "notifications",
    summary:
      "Stores this browser's push subscription (PushSubscription.toJSON()) for you; the same endpoint again replaces it. 204",
    access: "member",
    body: Schema.Struct({
      endpoint: Endpoint,
      expirationTime: Schema.optional(Schema.NullOr(Schema.Finite)),
      keys: Schema.Struct({ p256dh: Text(100), auth: Text(32) }),
    }),
    responses: {
      204: "Stored",
      400: "The endpoint is not an https address, a key is malformed, or push is off on this server",
    },
    handler: ({ body, caller }) =>
      Effect.gen(function* () {
        const member = yield* signedIn(caller)
        yield* subscribeToPush(member.id, { endpoint: body.endpoint, ...body.keys })
        return noContent()
      }),
  }),
  route({
    method: "DELETE",
    path: "/api/push/subscriptions",
    tag: "notifications",
    summary:
      "Forgets this browser's push subscription (push turned off on it). 204, also when it was not stored",
    access: "member",
    body: Schema.Struct({ endpoint: Endpoint }),
    responses: { 204: "Forgotten" },
    handler: ({ body, caller }) =>
      Effect.gen(function* () {
        const member = yield* signedIn(caller)
        yield* unsubscribeFromPush(member.id, body.endpoint)
        return noContent()
      }),
  }),
]
