import { describe, expect } from "@effect/vitest"
import { Effect } from "effect"
import { Memory } from "../../adapters/memory/memory.layers.ts"
import { seedMember } from "../../adapters/memory/seed.ts"
import { itWithMemory as test } from "../../adapters/memory/testing.ts"
import { avatarKeyOf, removeAvatar, setAvatar } from "./avatar.use-case.ts"

const picture = new Uint8Array([1, 2, 3])

describe("avatars", () => {
  test("sets the avatar, and deletes the file of the one it replaces", () =>
    Effect.gen(function* () {
      const ada = yield* seedMember({ username: "ada" })
      const first = yield* setAvatar(ada.id, picture)
      expect(first.profile.avatarUrl).toMatch(/^\/images\/avatar\/[0-9a-f-]{36}\.webp$/)
      const store = yield* Memory
      const firstKey = avatarKeyOf(first.profile.avatarUrl) ?? ""
      expect(store.images.has(firstKey)).toBe(true)
      const second = yield* setAvatar(ada.id, picture)
      expect(second.profile.avatarUrl).not.toBe(first.profile.avatarUrl)
      expect(store.images.has(firstKey)).toBe(false)
      expect(store.tables.members.get(ada.id)?.profile.avatarUrl).toBe(second.profile.avatarUrl)
    }))

  test("removes the avatar and its file; a picture that is not an avatar is left alone", () =>
    Effect.gen(function* () {
      const ada = yield* seedMember({ username: "ada" })
      const withAvatar = yield* setAvatar(ada.id, picture)
      const removed = yield* removeAvatar(ada.id)
      expect(removed.profile.avatarUrl).toBeNull()
      const store = yield* Memory
      expect(store.images.has(avatarKeyOf(withAvatar.profile.avatarUrl) ?? "")).toBe(false)
      expect(avatarKeyOf("/images/entry/0b8a3f0e-0000-4000-8000-000000000000.webp")).toBeUndefined()
      expect(avatarKeyOf(null)).toBeUndefined()
    }))

  test("keeps no file for a member who does not exist", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(setAvatar("nobody", picture))
      expect(error).toMatchObject({ _tag: "NotFound" })
      const store = yield* Memory
      expect([...store.images.keys()].filter((key) => key.startsWith("avatar/"))).toEqual([])
    }))
})
