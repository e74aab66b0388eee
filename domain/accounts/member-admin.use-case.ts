import { Clock, Effect, Option } from "effect"
import { NotFound } from "../shared/errors.ts"
import { pageSize } from "../shared/paging.ts"
import { UnitOfWork } from "../shared/unit-of-work.port.ts"
import { normaliseEmail } from "./account-rules.ts"
import type { Member } from "./member.entity.ts"
import { MemberRepository } from "./member.port.ts"

/** The member with this e-mail address (in any case or spacing), or NotFound naming it. */
export const memberByEmail = Effect.fn("memberByEmail")(function* (email: string) {
  const members = yield* MemberRepository
  const found = yield* members.findByEmail(normaliseEmail(email))
  if (Option.isNone(found)) return yield* new NotFound({ entity: "member", id: email })
  return found.value
})

/** Members in id order, a page at a time. */
export const listMembers = Effect.fn("listMembers")(function* (
  request: {
    readonly cursor?: string | null | undefined
    readonly limit?: number | undefined
  } = {},
) {
  const members = yield* MemberRepository
  return yield* members.page(request.cursor ?? null, pageSize(request.limit))
})

const updateMember = (email: string, change: (member: Member, now: number) => Member) =>
  Effect.gen(function* () {
    const unitOfWork = yield* UnitOfWork
    return yield* unitOfWork.transaction(
      Effect.gen(function* () {
        const members = yield* MemberRepository
        const member = yield* memberByEmail(email)
        const changed = change(member, yield* Clock.currentTimeMillis)
        if (changed !== member) yield* members.save(changed)
        return changed
      }),
    )
  })

/** Gives a member the admin role; already an admin stays one. */
export const makeAdmin = Effect.fn("makeAdmin")(function* (email: string) {
  return yield* updateMember(email, (member) =>
    member.isAdmin ? member : { ...member, isAdmin: true },
  )
})

/** Marks a member's e-mail as verified now; one verified already keeps its first date. */
export const verifyMember = Effect.fn("verifyMember")(function* (email: string) {
  return yield* updateMember(email, (member, now) =>
    member.emailVerifiedAt === null ? { ...member, emailVerifiedAt: now } : member,
  )
})
