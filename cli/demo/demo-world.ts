import { Clock, Effect, Option } from "effect"
import { setAvatar } from "../../domain/accounts/avatar.use-case.ts"
import type { Member } from "../../domain/accounts/member.entity.ts"
import { MemberRepository } from "../../domain/accounts/member.port.ts"
import { PasswordHasher } from "../../domain/accounts/password-hasher.port.ts"
import { awardBadges } from "../../domain/badges/award-badges.use-case.ts"
import { PaymentLedger } from "../../domain/billing/payment.port.ts"
import { recordPlanPeriodPaid } from "../../domain/billing/plan-events.use-case.ts"
import { closeContest } from "../../domain/contests/close-contest.use-case.ts"
import { ContestAnalytics } from "../../domain/contests/contest-analytics.port.ts"
import { ContestRepository } from "../../domain/contests/contest.port.ts"
import { scheduleDailyContest } from "../../domain/contests/create-contest.use-case.ts"
import { announceContest } from "../../domain/contests/manage-contest.use-case.ts"
import { recordDownload } from "../../domain/contests/record-download.use-case.ts"
import { planOf } from "../../domain/plans/plans.ts"
import { startSubscription } from "../../domain/plans/quota.ts"
import { SubscriptionRepository } from "../../domain/plans/subscription.port.ts"
import { IdSource } from "../../domain/shared/id-source.port.ts"
import type { EntryId, Instant, MemberId } from "../../domain/shared/ids.ts"
import { Mailer } from "../../domain/shared/mailer.port.ts"
import { UnitOfWork } from "../../domain/shared/unit-of-work.port.ts"
import { ImageStore } from "../../domain/submissions/image-store.port.ts"
import { submitEntry } from "../../domain/submissions/submit-entry.use-case.ts"
import { castVote } from "../../domain/voting/cast-vote.use-case.ts"
import type { DemoFixtures } from "./demo-fixtures.ts"
import {
  DEMO_ADMIN_EMAIL,
  DEMO_AVATARS,
  DEMO_MEMBER_EMAIL,
  DEMO_PASSWORD,
  type DemoMember,
} from "./demo-members.ts"
import {
  CHECKOUT_AFTER_JOINING,
  DEMO_TIME_ZONE,
  type PlannedDay,
  type PlannedRenewal,
  planDemoWorld,
} from "./demo-plan.ts"

/**
 * `colorday seed --demo`: a believable site to click through, made of real rows written by the
 * real use cases. Members sign up weeks ago and paid plans renew every month (recordPlanPeriodPaid,
 * so billing history lists each charge); fourteen past daily contests are viewed, downloaded,
 * entered, voted on, closed (winners and badges decided by closeContest) and announced
 * (announceContest); today's contest is under way; tomorrow's is scheduled. Every entry is a
 * photo of its own contest's page, colored. History is written by running each step with the
 * clock set to the moment it happened; its mails (announcements to fictional members, long ago)
 * are not sent.
 *
 * Idempotent: the demo admin is written last, so once it exists the world is complete and a
 * rerun changes nothing. An interrupted run resumes: members are matched by e-mail, and a day
 * whose contest exists is skipped (each day is one transaction, so it is all there or absent),
 * and a monthly charge already in the ledger (by its invoice id) is not recorded again.
 */

export interface DemoLogin {
  readonly email: string
  readonly password: string
}

export interface DemoSummary {
  readonly status: "created" | "already-present"
  readonly members: number
  /** Members given an avatar (through setAvatar, as an upload in Settings). */
  readonly avatars: number
  readonly contests: number
  readonly closedContests: number
  readonly announcedContests: number
  readonly entries: number
  readonly votes: number
  readonly views: number
  readonly downloads: number
  readonly badges: number
  /** Members created on a paid plan. */
  readonly paidMembers: number
  /** Payments ledger rows: each paid member's checkout and monthly renewals. */
  readonly payments: number
  readonly admin: DemoLogin
  readonly member: DemoLogin
}

export interface SeedDemoOptions {
  /** Told about each step, for a progress line on a terminal. */
  readonly onProgress?: ((message: string) => void) | undefined
}

const logins = {
  admin: { email: DEMO_ADMIN_EMAIL, password: DEMO_PASSWORD },
  member: { email: DEMO_MEMBER_EMAIL, password: DEMO_PASSWORD },
}

/** A clock stopped at `at` for reading the time; sleeping and measuring still use the real one. */
const stoppedClock = (real: Clock.Clock, at: Instant): Clock.Clock => ({
  currentTimeMillisUnsafe: () => at,
  currentTimeMillis: Effect.succeed(at),
  currentTimeNanosUnsafe: () => BigInt(at) * 1_000_000n,
  currentTimeNanos: Effect.succeed(BigInt(at) * 1_000_000n),
  monotonicTimeNanosUnsafe: () => real.monotonicTimeNanosUnsafe(),
  monotonicTimeNanos: real.monotonicTimeNanos,
  sleep: (duration) => real.sleep(duration),
})

/** Runs `effect` as if it were `at`: how the demo's history goes through the real use cases. */
export const atTime = <A, E, R>(at: Instant, effect: Effect.Effect<A, E, R>) =>
  Clock.clockWith((real) => Effect.provideService(effect, Clock.Clock, stoppedClock(real, at)))

/** The demo's history happened long ago to people who do not exist: its mails go nowhere. */
const unsent = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.provideService(effect, Mailer, Mailer.of({ send: () => Effect.void }))

const PAYMENT_METHOD = "Visa •••• 4242"

const MINUTE = 60_000

/** The member and their subscription (and, on a paid plan, the payment that bought it). */
const ensureMember = (
  demo: DemoMember,
  joinedAt: Instant,
  passwordHash: string,
): Effect.Effect<
  { readonly id: MemberId; readonly created: boolean; readonly payments: number },
  never,
  MemberRepository | SubscriptionRepository | PaymentLedger | IdSource
> =>
  Effect.gen(function* () {
    const members = yield* MemberRepository
    const found = yield* members.findByEmail(demo.email)
    if (Option.isSome(found)) return { id: found.value.id, created: false, payments: 0 }
    const id = yield* (yield* IdSource).newId
    const member: Member = {
      id,
      email: demo.email,
      username: demo.username,
      firstName: demo.firstName,
      lastName: demo.lastName,
      dateOfBirth: demo.dateOfBirth,
      passwordHash,
      emailVerifiedAt: joinedAt + 7 * MINUTE,
      pendingEmail: null,
      isAdmin: demo.isAdmin,
      isJudge: false,
      suspendedAt: null,
      profile: { bio: demo.bio, location: demo.location, website: "", avatarUrl: null },
      createdAt: joinedAt,
    }
    yield* members.save(member)
    yield* (yield* SubscriptionRepository).save(startSubscription(id, joinedAt, demo.tier))
    if (demo.tier === "free") return { id, created: true, payments: 0 }
    const paidAt = joinedAt + CHECKOUT_AFTER_JOINING
    yield* (yield* PaymentLedger).save({
      id: yield* (yield* IdSource).newId,
      memberId: id,
      checkoutSessionId: `demo_${demo.username}_${demo.tier}`,
      purchase: { kind: "plan", tier: demo.tier },
      amountCents: planOf(demo.tier).priceCents,
      status: "paid",
      invoiceUrl: null,
      paymentMethod: PAYMENT_METHOD,
      createdAt: paidAt,
      fulfilledAt: paidAt,
    })
    return { id, created: true, payments: 1 }
  })

export const seedDemoWorld = Effect.fn("seedDemoWorld")(function* (
  fixtures: DemoFixtures,
  options: SeedDemoOptions = {},
) {
  const members = yield* MemberRepository
  const contests = yield* ContestRepository
  const unitOfWork = yield* UnitOfWork
  const images = yield* ImageStore
  const analytics = yield* ContestAnalytics
  const progress = (message: string) => Effect.sync(() => options.onProgress?.(message))
  const nothing = {
    members: 0,
    avatars: 0,
    contests: 0,
    closedContests: 0,
    announcedContests: 0,
    entries: 0,
    votes: 0,
    views: 0,
    downloads: 0,
    badges: 0,
    paidMembers: 0,
    payments: 0,
  }

  if (Option.isSome(yield* members.findByEmail(DEMO_ADMIN_EMAIL))) {
    const present: DemoSummary = { status: "already-present", ...nothing, ...logins }
    return present
  }

  const now = yield* Clock.currentTimeMillis
  const pageIndex = new Map(fixtures.lineArt.map((page, index) => [page.file, index]))
  const plan = planDemoWorld({
    now,
    lineArtCount: fixtures.lineArt.length,
    photoLineArt: fixtures.entries.map((photo) => pageIndex.get(photo.lineArt) ?? -1),
  })
  const totals = { ...nothing }

  // One hash for everyone: scrypt at OWASP parameters is slow on purpose.
  yield* progress("hashing the demo password")
  const passwordHash = yield* (yield* PasswordHasher).hash(DEMO_PASSWORD)

  yield* progress(`members: ${plan.artists.length + 1}`)
  // Totals are counted from what each transaction returns, so a retried transaction counts once.
  const artists = yield* unitOfWork.transaction(
    Effect.forEach(plan.artists, ({ member, joinedAt }) =>
      ensureMember(member, joinedAt, passwordHash),
    ),
  )
  totals.members += artists.filter((artist) => artist.created).length
  totals.payments += artists.reduce((sum, artist) => sum + artist.payments, 0)
  totals.paidMembers += artists.filter((artist) => artist.payments > 0).length
  const memberId = (artist: number) => (artists[artist] as { readonly id: MemberId }).id

  // Avatars, uploaded as in Settings; one missing from an interrupted run is set now.
  yield* progress("avatars")
  for (const [artist, { member }] of plan.artists.entries()) {
    const file = DEMO_AVATARS[member.username]
    if (file === undefined) continue
    const picture = fixtures.avatars.find((avatar) => avatar.file === file)
    if (!picture) return yield* Effect.die(new Error(`no avatar fixture ${file}`))
    const current = yield* members.get(memberId(artist)).pipe(Effect.orDie)
    if (current.profile.avatarUrl !== null) continue
    yield* setAvatar(current.id, picture.bytes).pipe(Effect.orDie)
    totals.avatars += 1
  }

  // Monthly charges, in time order, each recorded once the history has reached it (a charge
  // renews this month's credits, so it must come after the entries of the month before).
  let renewalsDone = 0
  const recordRenewal = (renewal: PlannedRenewal) => {
    const { tier } = plan.artists[renewal.artist]?.member ?? { tier: "free" as const }
    if (tier === "free") return Effect.succeed(false)
    return atTime(
      renewal.at,
      recordPlanPeriodPaid({
        invoiceId: renewal.invoiceId,
        memberId: memberId(renewal.artist),
        tier,
        amountCents: planOf(tier).priceCents,
        invoiceUrl: null,
        paymentMethod: PAYMENT_METHOD,
      }),
    ).pipe(Effect.map(({ recordedNow }) => recordedNow))
  }
  const renewalsBefore = (until: Instant) =>
    Effect.gen(function* () {
      while (renewalsDone < plan.renewals.length) {
        const renewal = plan.renewals[renewalsDone] as PlannedRenewal
        if (renewal.at >= until) break
        if (yield* recordRenewal(renewal)) totals.payments += 1
        renewalsDone += 1
      }
    })

  // Each image is stored once, when first needed, and its key shared by every row that shows it.
  const storedKeys = new Map<string, string>()
  const imageKey = (kind: "line-art" | "entry", file: string, bytes: Uint8Array) =>
    Effect.gen(function* () {
      const known = storedKeys.get(`${kind}/${file}`)
      if (known !== undefined) return known
      const { key } = yield* images.store(bytes, kind)
      storedKeys.set(`${kind}/${file}`, key)
      return key
    })

  const window = (day: PlannedDay) => ({
    contestType: "daily",
    startsAt: day.startsAt,
    endsAt: day.endsAt,
  })

  const runDay = (day: PlannedDay) =>
    Effect.gen(function* () {
      // A day that has its contest already (an earlier, interrupted run) is left as it is.
      if ((yield* contests.overlapping(window(day))).length > 0) return undefined
      const page = fixtures.lineArt[day.lineArt]
      if (!page) return yield* Effect.die(new Error(`no line art page ${day.lineArt}`))
      // The day's page and its photos are processed side by side (the store limits how many).
      const photos = [...new Set(day.entries.map((entry) => entry.photo))]
      const [lineArt, ...keys] = yield* Effect.forEach(
        [
          { kind: "line-art" as const, file: page.file, bytes: page.bytes },
          ...photos.map((photo) => {
            const fixture = fixtures.entries[photo]
            if (!fixture) throw new Error(`no entry photo ${photo}`)
            return { kind: "entry" as const, file: fixture.file, bytes: fixture.bytes }
          }),
        ],
        (image) => imageKey(image.kind, image.file, image.bytes),
        { concurrency: "unbounded" },
      )
      const photoKeys = new Map(photos.map((photo, index) => [photo, keys[index] as string]))

      return yield* unitOfWork.transaction(
        Effect.gen(function* () {
          if ((yield* contests.overlapping(window(day))).length > 0) return undefined
          const contest = yield* atTime(
            day.scheduledAt,
            scheduleDailyContest({
              title: page.title,
              description: page.description,
              contestType: "daily",
              artStyle: page.artStyle,
              day: day.day,
              timeZone: DEMO_TIME_ZONE,
              lineArt,
            }),
          )
          // Views are counted as the contest page counts them (POST …/analytics/views).
          for (const at of day.views) {
            yield* analytics.recordEvent({ contestId: contest.id, metric: "views", at })
          }
          for (const download of day.downloads) {
            yield* atTime(
              download.at,
              recordDownload({
                contestId: contest.id,
                memberId: download.member === null ? null : memberId(download.member),
                // Each planned download is a visitor of its own (signed-in or not).
                visitor: `demo:${download.member ?? "visitor"}:${download.at}`,
              }),
            )
          }
          const entryIds: Array<EntryId> = []
          for (const planned of day.entries) {
            const { entry } = yield* atTime(
              planned.at,
              submitEntry({
                memberId: memberId(planned.artist),
                contestId: contest.id,
                image: photoKeys.get(planned.photo) as string,
              }),
            )
            entryIds.push(entry.id)
          }
          for (const vote of day.votes) {
            yield* atTime(
              vote.at,
              castVote({ voterId: memberId(vote.voter), entryId: entryIds[vote.entry] as EntryId }),
            )
          }
          const closing =
            day.closeAt === null ? undefined : yield* atTime(day.closeAt, closeContest(contest.id))
          // Announced by the operator (the seed runs as the CLI, whose actor is null).
          const announcing =
            day.announceAt === null
              ? undefined
              : yield* atTime(day.announceAt, unsent(announceContest(null, contest.id)))
          return {
            closed: closing !== undefined,
            announced: announcing !== undefined,
            badges: closing?.badges.length ?? 0,
          }
        }),
      )
    })

  for (const [index, day] of plan.days.entries()) {
    yield* progress(
      `contest ${index + 1}/${plan.days.length}: ${day.day}, ${day.entries.length} entries, ${day.votes.length} votes`,
    )
    yield* renewalsBefore(day.startsAt)
    const ran = yield* runDay(day)
    if (!ran) continue
    totals.contests += 1
    totals.closedContests += ran.closed ? 1 : 0
    totals.announcedContests += ran.announced ? 1 : 0
    totals.badges += ran.badges
    totals.entries += day.entries.length
    totals.votes += day.votes.length
    totals.views += day.views.length
    totals.downloads += day.downloads.length
  }
  yield* progress("monthly renewals")
  yield* renewalsBefore(now)

  // A backfill over everyone, then the admin: the marker that the world is complete.
  yield* progress("badges and the admin")
  const finale = yield* unitOfWork.transaction(
    Effect.gen(function* () {
      const badges = yield* awardBadges()
      const admin = yield* ensureMember(plan.admin.member, plan.admin.joinedAt, passwordHash)
      return { badges: badges.length, admin }
    }),
  )
  totals.badges += finale.badges
  totals.members += finale.admin.created ? 1 : 0
  const created: DemoSummary = { status: "created", ...totals, ...logins }
  return created
})
