import { Clock, Effect, Option } from "effect"
import { NotFound } from "../shared/errors.ts"
import { pageSize } from "../shared/paging.ts"
import { transactionally, UnitOfWork } from "../shared/unit-of-work.port.ts"
import { type Actor, audit, memberSnapshot } from "../admin/audit.ts"
import { SelfAction } from "../admin/admin.errors.ts"
import type { MemberId } from "../shared/ids.ts"
import { EntryRepository } from "../submissions/entry.port.ts"
import { SessionRepository } from "./session.port.ts"
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

/** Marks a member's e-mail as verified now; one verified already keeps its first date. */
export const verifyMember = Effect.fn("verifyMember")(function* (email: string) {
  return yield* updateMember(email, (member, now) =>
    member.emailVerifiedAt === null ? { ...member, emailVerifiedAt: now } : member,
  )
})

/** Members newest first, a page at a time, matching `text` when given (the admin's search). */
export const searchMembers = Effect.fn("searchMembers")(function* (request: {
  readonly text?: string | undefined
  readonly cursor?: string | null | undefined
  readonly limit?: number | undefined
}) {
  const members = yield* MemberRepository
  return yield* members.search(
    (request.text ?? "").trim(),
    request.cursor ?? null,
    pageSize(request.limit),
  )
})

/** Gives or takes the admin role. An admin cannot take their own (nobody might be left). */
export const setAdminRole = Effect.fn("setAdminRole")(function* (
  actor: Actor,
  memberId: MemberId,
  isAdmin: boolean,
) {
  if (!isAdmin && actor === memberId) {
    return yield* new SelfAction({ memberId, action: "demote" })
  }
  return yield* transactionally(
    Effect.gen(function* () {
      const members = yield* MemberRepository
      const member = yield* members.get(memberId)
      if (member.isAdmin === isAdmin) return member
      const changed: Member = { ...member, isAdmin }
      yield* members.save(changed)
      yield* audit(
        actor,
        "member.admin",
        { type: "member", id: member.id },
        memberSnapshot(member),
        memberSnapshot(changed),
      )
      return changed
    }),
  )
})

/**
 * The operator (at the CLI) gives the member with this e-mail address the admin role, audited as
 * the CLI like the dashboard's own promotion; already an admin stays one, with no new audit row.
 */
export const makeAdmin = Effect.fn("makeAdmin")(function* (email: string) {
  const member = yield* memberByEmail(email)
  return yield* setAdminRole(null, member.id, true)
})

/**
 * Gives or takes the judge role (issue 19: judges write professional feedback on Color Champ
 * members' entries and see the queue of entries waiting for it, nothing else of the dashboard).
 * Audited like the admin role; asking for what the member already has changes nothing.
 */
export const setJudgeRole = Effect.fn("setJudgeRole")(function* (
  actor: Actor,
  memberId: MemberId,
  isJudge: boolean,
) {
  return yield* transactionally(
    Effect.gen(function* () {
      const members = yield* MemberRepository
      const member = yield* members.get(memberId)
      if (member.isJudge === isJudge) return member
      const changed: Member = { ...member, isJudge }
      yield* members.save(changed)
      yield* audit(
        actor,
        "member.judge",
        { type: "member", id: member.id },
        memberSnapshot(member),
        memberSnapshot(changed),
      )
      return changed
    }),
  )
})

/** The operator (at the CLI) gives or takes the judge role of the member with this address. */
export const setJudgeByEmail = Effect.fn("setJudgeByEmail")(function* (
  email: string,
  isJudge: boolean,
) {
  const member = yield* memberByEmail(email)
  return yield* setJudgeRole(null, member.id, isJudge)
})

/** The reason a suspended member's entries show on their profile while they are hidden. */
export const SUSPENDED_REASON = "Hidden while the account is suspended"

/**
 * Suspends a member: sign-in is refused, every session ends, their entries leave the gallery
 * and the leaderboards. Lifting it shows those entries again (not ones an admin hid on their own).
 */
export const setSuspension = Effect.fn("setSuspension")(function* (
  actor: Actor,
  memberId: MemberId,
  request: { readonly suspended: boolean; readonly reason?: string | undefined },
) {
  if (request.suspended && actor === memberId) {
    return yield* new SelfAction({ memberId, action: "suspend" })
  }
  return yield* transactionally(
    Effect.gen(function* () {
      const members = yield* MemberRepository
      const entries = yield* EntryRepository
      const sessions = yield* SessionRepository
      const member = yield* members.get(memberId)
      if ((member.suspendedAt !== null) === request.suspended) return member
      const changed: Member = {
        ...member,
        suspendedAt: request.suspended ? yield* Clock.currentTimeMillis : null,
      }
      yield* members.save(changed)
      if (request.suspended) {
        yield* sessions.deleteAllOf(member.id)
        yield* entries.hideAllOf(member.id, SUSPENDED_REASON)
      } else {
        yield* entries.showAllOf(member.id, SUSPENDED_REASON)
      }
      yield* audit(
        actor,
        request.suspended ? "member.suspend" : "member.unsuspend",
        { type: "member", id: member.id },
        memberSnapshot(member),
        { ...memberSnapshot(changed), reason: request.reason?.trim() || null },
      )
      return changed
    }),
  )
})
