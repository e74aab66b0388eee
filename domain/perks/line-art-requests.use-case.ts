import { Clock, Effect, Option } from "effect"
import { mailLanguageOf } from "../accounts/mail-language.ts"
import { MemberRepository } from "../accounts/member.port.ts"
import { memberSettings } from "../accounts/member-settings.use-case.ts"
import { type Actor, audit } from "../admin/audit.ts"
import { ContestRepository } from "../contests/contest.port.ts"
import { currentSubscription } from "../plans/current-subscription.use-case.ts"
import { cheapestPlanWith, grants } from "../plans/plans.ts"
import { localDate } from "../shared/calendar.ts"
import { NotFound, ValidationFailed } from "../shared/errors.ts"
import { IdSource } from "../shared/id-source.port.ts"
import type { MemberId } from "../shared/ids.ts"
import { Mailer } from "../shared/mailer.port.ts"
import { transactionally } from "../shared/unit-of-work.port.ts"
import {
  applyAction,
  briefIssues,
  isUnresolved,
  type LineArtRequest,
  type RequestAction,
} from "./line-art-request.entity.ts"
import { LineArtRequestRepository } from "./line-art-request.port.ts"
import { PerkRequired } from "./perks.errors.ts"

/**
 * Custom line art requests (Color Champ): filed from the profile, one waiting at a time; the admin
 * accepts, declines with a reason, or fulfils by naming the contest that carries the page. Each
 * step, its audit row and the member's mail are one transaction (the outbox sends after commit).
 */

const target = (request: LineArtRequest) => ({ type: "line-art-request" as const, id: request.id })

const snapshot = (request: LineArtRequest) => ({
  status: request.status,
  declineReason: request.declineReason,
  contestId: request.contestId,
})

const notFound = (id: string) => new NotFound({ entity: "line-art request", id })

/** The member's mail for a step of their request. */
const mailStep = (request: LineArtRequest, contestTitle: string | null) =>
  Effect.gen(function* () {
    const member = yield* (yield* MemberRepository).get(request.memberId)
    yield* (yield* Mailer).send({
      kind: "line-art-request",
      to: member.email,
      name: member.firstName || member.username,
      status: request.status,
      brief: request.brief,
      reason: request.declineReason,
      contestId: request.contestId,
      contestTitle,
      language: yield* mailLanguageOf(member.id),
    })
  })

/**
 * Files a request for the signed-in member: their current plan must grant custom requests, the
 * brief be 10 to 1000 characters, and no earlier request of theirs still be open or accepted.
 * `reference` is the storage key of a picture already stored (the caller removes it on failure).
 */
export const fileLineArtRequest = Effect.fn("fileLineArtRequest")(function* (input: {
  readonly memberId: MemberId
  readonly brief: string
  readonly reference: string | null
}) {
  const issues = briefIssues(input.brief)
  if (issues.length > 0) return yield* new ValidationFailed({ issues })
  const requests = yield* LineArtRequestRepository
  const id = yield* (yield* IdSource).newId
  return yield* transactionally(
    Effect.gen(function* () {
      // The subscription row is locked, so two requests at once are filed one after the other.
      const subscription = yield* currentSubscription(input.memberId)
      if (!grants(subscription.tier, "custom-line-art-requests")) {
        return yield* new PerkRequired({
          perk: "custom-line-art-requests",
          planName: cheapestPlanWith("custom-line-art-requests")?.name ?? "a paid plan",
          action: "request custom line art",
        })
      }
      const waiting = (yield* requests.ofMember(input.memberId)).find(isUnresolved)
      if (waiting) {
        return yield* new ValidationFailed({
          issues: [
            {
              field: "brief",
              title: "A request is waiting",
              // The day the member filed it on, in the time zone of their settings.
              message: `Your request of ${localDate(waiting.createdAt, (yield* memberSettings(input.memberId)).timeZone)} is still ${waiting.status}; you can file a new one once it is fulfilled or declined`,
            },
          ],
        })
      }
      const now = yield* Clock.currentTimeMillis
      const request: LineArtRequest = {
        id,
        memberId: input.memberId,
        brief: input.brief.trim(),
        reference: input.reference,
        status: "open",
        declineReason: null,
        contestId: null,
        createdAt: now,
        updatedAt: now,
      }
      yield* requests.create(request)
      yield* mailStep(request, null)
      return request
    }),
  )
})

/** An admin's step on a request: accept, decline with a reason, or fulfil with a contest. */
export const actOnLineArtRequest = Effect.fn("actOnLineArtRequest")(function* (
  id: string,
  action: RequestAction,
  actor: Actor,
) {
  const requests = yield* LineArtRequestRepository
  return yield* transactionally(
    Effect.gen(function* () {
      const found = yield* requests.lock(id)
      if (Option.isNone(found)) return yield* notFound(id)
      const before = found.value
      const contest =
        action.kind === "fulfil" ? yield* (yield* ContestRepository).get(action.contestId) : null
      const now = yield* Clock.currentTimeMillis
      const result = applyAction(before, action, now)
      if (!result.ok) return yield* new ValidationFailed({ issues: result.issues })
      yield* requests.save(result.request)
      yield* audit(
        actor,
        `line-art-request.${action.kind}`,
        target(result.request),
        snapshot(before),
        snapshot(result.request),
      )
      yield* mailStep(result.request, contest?.title ?? null)
      return result.request
    }),
  )
})

/** The signed-in member's requests, newest first. */
export const myLineArtRequests = Effect.fn("myLineArtRequests")(function* (memberId: MemberId) {
  return yield* (yield* LineArtRequestRepository).ofMember(memberId)
})

/** The admin's queue: requests waiting (open, then accepted), oldest first, with their members. */
export const lineArtRequestQueue = Effect.fn("lineArtRequestQueue")(function* (
  include: "waiting" | "all",
) {
  const requests = yield* (yield* LineArtRequestRepository).withStatus(
    include === "waiting" ? ["open", "accepted"] : ["open", "accepted", "declined", "fulfilled"],
  )
  const members = yield* MemberRepository
  return yield* Effect.forEach(requests, (request) =>
    Effect.map(
      Effect.option(members.get(request.memberId)),
      (member) => ({ request, member: Option.getOrNull(member) }) as const,
    ),
  )
})
