import { Effect } from "effect"
import type { MemberId } from "../shared/ids.ts"
import { transactionally } from "../shared/unit-of-work.port.ts"
import { ImageStore } from "../submissions/image-store.port.ts"
import type { Member } from "./member.entity.ts"
import { MemberRepository } from "./member.port.ts"

/**
 * A member's avatar: a picture they upload (checked and processed like an entry photo, then
 * cropped to a 256 px square by the image store), kept on their profile as the URL stored
 * images are served at. A replaced or removed avatar's file is deleted (nothing else uses it).
 */

/** Where stored images are served (the API's /images/<key>); avatars' keys start `avatar/`. */
const AVATAR_URL_PREFIX = "/images/avatar/"

const avatarUrlOf = (key: string) => `/images/${key}`

/** The stored avatar's key behind a profile's avatarUrl; undefined for any other picture. */
export const avatarKeyOf = (avatarUrl: string | null): string | undefined =>
  avatarUrl?.startsWith(AVATAR_URL_PREFIX) ? avatarUrl.slice("/images/".length) : undefined

/** Sets the member's avatarUrl, and deletes the file of the avatar it replaces. */
const replaceAvatar = (memberId: MemberId, avatarUrl: string | null) =>
  Effect.gen(function* () {
    const members = yield* MemberRepository
    const { member, previous } = yield* transactionally(
      Effect.gen(function* () {
        const current = yield* members.get(memberId)
        const member: Member = { ...current, profile: { ...current.profile, avatarUrl } }
        yield* members.save(member)
        return { member, previous: current.profile.avatarUrl }
      }),
    )
    const old = avatarKeyOf(previous)
    if (old !== undefined && previous !== avatarUrl) yield* (yield* ImageStore).remove(old)
    return member
  })

/** Stores the picture as the member's avatar (UnsupportedImage when it is not one we accept). */
export const setAvatar = Effect.fn("setAvatar")(function* (memberId: MemberId, bytes: Uint8Array) {
  const images = yield* ImageStore
  const stored = yield* images.store(bytes, "avatar")
  // A member who is gone by now keeps no file.
  return yield* replaceAvatar(memberId, avatarUrlOf(stored.key)).pipe(
    Effect.onError(() => images.remove(stored.key)),
  )
})

/** The member without an avatar; its file is deleted. */
export const removeAvatar = Effect.fn("removeAvatar")(function* (memberId: MemberId) {
  return yield* replaceAvatar(memberId, null)
})
