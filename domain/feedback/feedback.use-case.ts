import { Clock, Effect, Option } from "effect"
import type { Member } from "../accounts/member.entity.ts"
import { artistName } from "../accounts/member.entity.ts"
import { mailLanguageOf } from "../accounts/mail-language.ts"
import { MemberRepository } from "../accounts/member.port.ts"
import { issueUnsubscribeToken, mailSwitchOn } from "../accounts/unsubscribe.use-case.ts"
import { audit } from "../admin/audit.ts"
import { ContestRepository } from "../contests/contest.port.ts"
import { SubscriptionRepository } from "../plans/subscription.port.ts"
import { NotFound } from "../shared/errors.ts"
import { IdSource } from "../shared/id-source.port.ts"
import type { EntryId, MemberId } from "../shared/ids.ts"
import { Mailer } from "../shared/mailer.port.ts"
import { transactionally } from "../shared/unit-of-work.port.ts"
import { type Entry, isVisible } from "../submissions/entry.entity.ts"
import { EntryRepository } from "../submissions/entry.port.ts"
import type { Feedback } from "./feedback.entity.ts"
import { FeedbackNotOffered, FeedbackPrivate, NotAJudge } from "./feedback.errors.ts"
import { FeedbackRepository } from "./feedback.port.ts"
import {
  checkFeedbackText,
  FEEDBACK_PLAN_NAME,
  FEEDBACK_TIERS,
  feedbackOffered,
  mayJudge,
} from "./feedback-rules.ts"

/** How many entries the judges' queue shows at once. */
export const QUEUE_LIMIT = 60

type Viewer = Pick<Member, "id" | "isAdmin" | "isJudge">

/** The plan a member is on now (free without a subscription row). */
export const tierOf = (memberId: MemberId) =>
  Effect.gen(function* () {
    const found = yield* (yield* SubscriptionRepository).find(memberId)
    return Option.isSome(found) ? found.value.tier : "free"
  })

/** A visible entry, or NotFound: feedback is on entries the gallery shows. */
const visibleEntry = (entryId: EntryId) =>
  Effect.gen(function* () {
    const entry = yield* (yield* EntryRepository).get(entryId)
    if (!isVisible(entry)) return yield* new NotFound({ entity: "entry", id: entryId })
    return entry
  })

/**
 * A judge (or an admin) writes feedback on an entry, or rewrites their own. New feedback needs the
 * entrant on a plan with professional feedback at that moment (an edit keeps what was given) and
 * mails the entrant once, through the outbox with the change; an edit mails nobody. Audited.
 */
export const giveFeedback = Effect.fn("giveFeedback")(function* (
  judge: Viewer,
  input: { readonly entryId: EntryId; readonly text: string },
) {
  if (!mayJudge(judge)) return yield* new NotAJudge({ memberId: judge.id })
  const text = checkFeedbackText(input.text)
  if (typeof text !== "string") return yield* text
  return yield* transactionally(
    Effect.gen(function* () {
      const feedbackRepository = yield* FeedbackRepository
      const entry = yield* visibleEntry(input.entryId)
      if (entry.memberId === judge.id) {
        return yield* new FeedbackNotOffered({
          entryId: entry.id,
          reason: "own-entry",
          planName: FEEDBACK_PLAN_NAME,
        })
      }
      const now = yield* Clock.currentTimeMillis
      const existing = yield* feedbackRepository.find(entry.id, judge.id)
      if (Option.isSome(existing)) {
        if (existing.value.text === text) return { feedback: existing.value, created: false }
        const edited: Feedback = { ...existing.value, text, updatedAt: now }
        yield* feedbackRepository.save(edited)
        yield* audit(
          judge.id,
          "entry.feedback.edit",
          { type: "entry", id: entry.id },
          { judgeId: judge.id, text: existing.value.text },
          { judgeId: judge.id, text },
        )
        return { feedback: edited, created: false }
      }
      if (!feedbackOffered(yield* tierOf(entry.memberId))) {
        return yield* new FeedbackNotOffered({
          entryId: entry.id,
          reason: "plan",
          planName: FEEDBACK_PLAN_NAME,
        })
      }
      const feedback: Feedback = {
        id: yield* (yield* IdSource).newId,
        entryId: entry.id,
        judgeId: judge.id,
        text,
        createdAt: now,
        updatedAt: now,
      }
      yield* feedbackRepository.save(feedback)
      yield* audit(judge.id, "entry.feedback", { type: "entry", id: entry.id }, null, {
        judgeId: judge.id,
        text,
      })
      // Mailed only to an entrant who keeps "comments and feedback" on (off by default).
      if (!(yield* mailSwitchOn(entry.memberId, "commentsAndFeedback"))) {
        return { feedback, created: true }
      }
      const entrant = yield* (yield* MemberRepository).get(entry.memberId)
      const contest = yield* (yield* ContestRepository).get(entry.contestId)
      const judgeMember = yield* (yield* MemberRepository).get(judge.id)
      yield* (yield* Mailer).send({
        kind: "feedback-given",
        to: entrant.email,
        name: entrant.firstName || artistName(entrant),
        judgeName: artistName(judgeMember),
        contestTitle: contest.title,
        entryId: entry.id,
        unsubscribeToken: yield* issueUnsubscribeToken(entry.memberId, "commentsAndFeedback", now),
        language: yield* mailLanguageOf(entrant.id),
      })
      return { feedback, created: true }
    }),
  )
})

/** One piece of feedback as pages show it: with its judge's name, and whether it is the viewer's. */
export interface ShownFeedback {
  readonly feedback: Feedback
  readonly judgeName: string
  readonly mine: boolean
}

/**
 * An entry's feedback, for its artist, the judges and admins (FeedbackPrivate to anyone else:
 * critique bought by the entrant is theirs to share). `canWrite`: the viewer may write (or
 * rewrite) feedback here now.
 */
export const entryFeedback = Effect.fn("entryFeedback")(function* (
  entryId: EntryId,
  viewer: Viewer,
) {
  const entry = yield* (yield* EntryRepository).get(entryId)
  const judging = mayJudge(viewer)
  if (entry.memberId !== viewer.id && !judging) return yield* new FeedbackPrivate({ entryId })
  if (!isVisible(entry) && entry.memberId !== viewer.id && !viewer.isAdmin) {
    return yield* new NotFound({ entity: "entry", id: entryId })
  }
  const all = yield* (yield* FeedbackRepository).ofEntry(entry.id)
  const members = yield* MemberRepository
  const shown: Array<ShownFeedback> = []
  for (const feedback of all) {
    const judge = yield* Effect.result(members.get(feedback.judgeId))
    shown.push({
      feedback,
      judgeName: judge._tag === "Success" ? artistName(judge.success) : "A former judge",
      mine: feedback.judgeId === viewer.id,
    })
  }
  const offered = feedbackOffered(yield* tierOf(entry.memberId))
  const canWrite =
    judging &&
    isVisible(entry) &&
    entry.memberId !== viewer.id &&
    (offered || shown.some((s) => s.mine))
  return { items: shown, canWrite, offered }
})

/**
 * The judges' queue: entries of members on a plan with professional feedback, newest first, that
 * no judge has written on yet (the judge's own entries left out).
 */
export const awaitingFeedback = Effect.fn("awaitingFeedback")(function* (judge: Viewer) {
  if (!mayJudge(judge)) return yield* new NotAJudge({ memberId: judge.id })
  const ids = yield* (yield* FeedbackRepository).awaiting(judge.id, FEEDBACK_TIERS, QUEUE_LIMIT)
  const entries = yield* EntryRepository
  const contests = yield* ContestRepository
  const titles = new Map<string, string>()
  const queue: Array<{ readonly entry: Entry; readonly contestTitle: string }> = []
  for (const id of ids) {
    const entry = yield* entries.get(id)
    if (!titles.has(entry.contestId)) {
      titles.set(entry.contestId, (yield* contests.get(entry.contestId)).title)
    }
    queue.push({ entry, contestTitle: titles.get(entry.contestId) ?? "" })
  }
  return queue
})
