import { expect } from "@effect/vitest"
import { Effect, Option } from "effect"
import { seedMember } from "../../adapters/memory/seed.ts"
import { MemberRepository } from "../../domain/accounts/member.port.ts"
import { contract, unique } from "./support/contract.ts"

contract("MemberRepository", (test) => {
  test("saves, reads back and updates a member whole", () =>
    Effect.gen(function* () {
      const members = yield* MemberRepository
      const member = yield* seedMember({
        username: unique("ada"),
        profile: {
          bio: "Ink & color",
          location: "Lyon, France",
          website: "https://ada.art",
          avatarUrl: null,
        },
        isAdmin: true,
      })
      expect(yield* members.get(member.id)).toEqual(member)
      const changed = { ...member, firstName: "Grace", emailVerifiedAt: null, suspendedAt: 123 }
      yield* members.save(changed)
      expect(yield* members.get(member.id)).toEqual(changed)
    }))

  test("finds by e-mail and by username case-insensitively", () =>
    Effect.gen(function* () {
      const members = yield* MemberRepository
      const username = unique("Mixed")
      const member = yield* seedMember({ username, email: `${username.toLowerCase()}@x.test` })
      expect(Option.getOrThrow(yield* members.findByEmail(member.email)).id).toBe(member.id)
      expect(Option.getOrThrow(yield* members.findByUsername(username.toUpperCase())).id).toBe(
        member.id,
      )
      expect(Option.isNone(yield* members.findByEmail("nobody@x.test"))).toBe(true)
    }))

  test("names a missing member", () =>
    Effect.gen(function* () {
      const members = yield* MemberRepository
      const error = yield* Effect.flip(members.get("missing"))
      expect(error).toMatchObject({ _tag: "NotFound", entity: "member", id: "missing" })
    }))

  test("pages through every member exactly once", () =>
    Effect.gen(function* () {
      const members = yield* MemberRepository
      const ids = new Set<string>()
      for (let i = 0; i < 5; i++) ids.add((yield* seedMember({ username: unique("p") })).id)
      const seen: Array<string> = []
      let cursor: string | null = null
      do {
        const page: { items: ReadonlyArray<{ id: string }>; nextCursor: string | null } =
          yield* members.page(cursor, 2)
        expect(page.items.length).toBeLessThanOrEqual(2)
        seen.push(...page.items.map((m) => m.id))
        cursor = page.nextCursor
      } while (cursor !== null)
      expect(new Set(seen).size).toBe(seen.length)
      for (const id of ids) expect(seen).toContain(id)
    }))
})
