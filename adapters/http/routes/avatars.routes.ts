import { Effect, Schema } from "effect"
import { removeAvatar, setAvatar } from "../../../domain/accounts/avatar.use-case.ts"
import { badRequest, forbidden } from "../http-errors.ts"
import { presentMember } from "../presenters.ts"
import type { Caller } from "../route.ts"
import { ok, route } from "../route.ts"
import { IdParams } from "../schemas.ts"
import { signedIn } from "./shared.ts"
import { MemberBody } from "../account.schema.ts"

/**
 * Avatars (Settings → profile picture): the member's own only. The picture is checked by content
 * like an entry photo (JPEG, PNG, WebP or AVIF, 10 MB, 40 MP, nothing appended or embedded),
 * turned upright, cropped to the centred square, scaled to 256 px and stored as WebP without any
 * metadata. The avatar it replaces is deleted.
 */

const own = (caller: Caller, id: string) =>
  Effect.flatMap(signedIn(caller), (member) =>
    id === member.id
      ? Effect.succeed(member)
      : Effect.die(forbidden("You may only change your own avatar")),
  )

export const avatarRoutes = [
  route({
    method: "POST",
    path: "/api/users/:id/avatar",
    tag: "accounts",
    summary:
      "Sets your avatar, as multipart/form-data with the picture in the file field `image` (JPEG, PNG, WebP or AVIF, at most 10 MB, checked by content): it is cropped to a centred square, 256 px, WebP, metadata stripped. Answers your member record with avatarUrl. Only your own",
    access: "member",
    okBody: MemberBody,
    params: IdParams,
    body: Schema.Struct({ image: Schema.optional(Schema.Uint8Array) }),
    responses: {
      403: "Another member's avatar",
      413: "PAYLOAD_TOO_LARGE: a file over 10 MB",
      415: "UNSUPPORTED_IMAGE: not a picture we accept (the message says why)",
    },
    handler: ({ params, body, caller }) =>
      Effect.gen(function* () {
        const member = yield* own(caller, params.id)
        if (!body.image) {
          return yield* Effect.die(
            badRequest('image: send the picture as a multipart/form-data file field "image"'),
          )
        }
        return ok(presentMember(yield* setAvatar(member.id, body.image)))
      }),
  }),
  route({
    method: "DELETE",
    path: "/api/users/:id/avatar",
    tag: "accounts",
    summary: "Removes your avatar (its file is deleted). Answers your member record. Only your own",
    access: "member",
    okBody: MemberBody,
    params: IdParams,
    responses: { 403: "Another member's avatar" },
    handler: ({ params, caller }) =>
      Effect.gen(function* () {
        const member = yield* own(caller, params.id)
        return ok(presentMember(yield* removeAvatar(member.id)))
      }),
  }),
]
