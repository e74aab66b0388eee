import { describe, expect, it } from "vitest"
import {
  AccountSuspended,
  EmailNotVerified,
  EmailTaken,
  InvalidCredentials,
  InvalidToken,
  UsernameTaken,
} from "../../domain/accounts/accounts.errors.ts"
import { ContestLocked, NotAnnounceable, SelfAction } from "../../domain/admin/admin.errors.ts"
import {
  AlreadySubscribed,
  NotRefundable,
  TooManyOpenCheckouts,
} from "../../domain/billing/billing.errors.ts"
import {
  ContestClosed,
  ContestNotClosable,
  ContestOverlap,
  NoResult,
  SubscribersOnly,
} from "../../domain/contests/contests.errors.ts"
import {
  FeedbackNotOffered,
  FeedbackPrivate,
  NotAJudge,
} from "../../domain/feedback/feedback.errors.ts"
import { PerkRequired } from "../../domain/perks/perks.errors.ts"
import { OutOfSubmissions } from "../../domain/plans/plans.errors.ts"
import type { DomainError } from "../../domain/shared/domain-error.ts"
import { AuthenticationRequired, NotFound } from "../../domain/shared/errors.ts"
import type { ContestId, EntryId, MemberId } from "../../domain/shared/ids.ts"
import { SpotlightRefused } from "../../domain/spotlight/spotlight.errors.ts"
import { SelfVote, VotePermanent, VotingClosed } from "../../domain/voting/voting.errors.ts"
import { t } from "../i18n/server-i18n.ts"
import { errorMessageIn, localizedMessageOf, refusalMessageIn } from "./error-messages.ts"

const contestId = "contest-1" as ContestId
const entryId = "entry-1" as EntryId
const memberId = "member-1" as MemberId

/** One refusal per translated message (every branch of a tag that words several). */
const REFUSALS: ReadonlyArray<DomainError> = [
  new NotFound({ entity: "entry", id: "e-42" }),
  new OutOfSubmissions({ memberId }),
  new ContestClosed({ contestId, status: "scheduled" }),
  new ContestClosed({ contestId, status: "ended" }),
  new ContestOverlap({ contestId, title: "Autumn leaves" }),
  new ContestNotClosable({ contestId, status: "cancelled" }),
  new ContestNotClosable({ contestId, status: "active" }),
  new NoResult({ contestId, status: "cancelled" }),
  new NoResult({ contestId, status: "active" }),
  new SubscribersOnly({ contestId }),
  new VotingClosed({ contestId }),
  new SelfVote({ entryId }),
  new VotePermanent({ entryId }),
  new EmailTaken({ email: "ana@example.test" }),
  new UsernameTaken({ username: "ana" }),
  new InvalidCredentials({}),
  new InvalidCredentials({ field: "password" }),
  new InvalidCredentials({ field: "currentPassword" }),
  new EmailNotVerified({ email: "ana@example.test" }),
  new AccountSuspended({ email: "ana@example.test" }),
  new InvalidToken({ purpose: "verify" }),
  new InvalidToken({ purpose: "reset" }),
  new InvalidToken({ purpose: "unsub-announce" }),
  new InvalidToken({ purpose: "secure-account" }),
  new AlreadySubscribed({ tier: "pro" }),
  new TooManyOpenCheckouts({ limit: 5 }),
  new NotRefundable({ paymentId: "p", reason: "not-extra-entry" }),
  new NotRefundable({ paymentId: "p", reason: "not-paid" }),
  new NotRefundable({ paymentId: "p", reason: "contest-not-cancelled" }),
  new NotRefundable({ paymentId: "p", reason: "credit-used" }),
  new ContestLocked({ contestId, reason: "started" }),
  new ContestLocked({ contestId, reason: "cancelled" }),
  new ContestLocked({ contestId, reason: "ended" }),
  new NotAnnounceable({ contestId, reason: "not-closed" }),
  new NotAnnounceable({ contestId, reason: "no-winner" }),
  new NotAnnounceable({ contestId, reason: "already-announced" }),
  new SelfAction({ memberId, action: "demote" }),
  new SelfAction({ memberId, action: "suspend" }),
  new NotAJudge({ memberId }),
  new FeedbackNotOffered({ entryId, reason: "plan", planName: "Color Champ" }),
  new FeedbackNotOffered({ entryId, reason: "own-entry", planName: "Color Champ" }),
  new FeedbackPrivate({ entryId }),
  new SpotlightRefused({ entryId, reason: "plan", plans: "Color Pro or Color Champ" }),
  new SpotlightRefused({ entryId, reason: "not-visible", plans: "Color Pro or Color Champ" }),
]

/** Refusals whose English names what was tried in the use case's own words: no catalog twin. */
const FREE_WORDED: ReadonlyArray<DomainError> = [
  new AuthenticationRequired({ action: "vote" }),
  new PerkRequired({ perk: "premium-line-art", planName: "Color Champ", action: "download it" }),
]

describe("refusals in the reader's language", () => {
  it.each(REFUSALS.map((error) => [error._tag, error] as const))(
    "%s: the English catalog says exactly what the domain says",
    (_tag, error) => {
      const localized = localizedMessageOf(error)
      expect(localized).toBeDefined()
      expect(t("en")(localized!.id, localized!.values)).toBe(error.message)
    },
  )

  it("English answers keep the domain's own words, free-worded ones included", () => {
    for (const error of [...REFUSALS, ...FREE_WORDED]) {
      expect(errorMessageIn(error, "en")).toBe(error.message)
    }
  })

  it("every other language words each refusal itself, with its values", () => {
    for (const language of ["es", "fr", "de"] as const) {
      for (const error of [...REFUSALS, ...FREE_WORDED]) {
        const message = errorMessageIn(error, language)
        expect(message, `${language} ${error._tag}`).not.toBe(error.message)
        expect(message, `${language} ${error._tag}`).not.toMatch(/errors\./)
      }
    }
    expect(errorMessageIn(new EmailTaken({ email: "ana@example.test" }), "es")).toBe(
      "Ya existe una cuenta con el correo electrónico ana@example.test",
    )
    expect(errorMessageIn(new NotFound({ entity: "contest", id: "c-9" }), "de")).toBe(
      "Kein Wettbewerb mit der ID c-9",
    )
  })

  it("the editor's refusals stay in English, like the editor", () => {
    const refusal = { _tag: "NothingToRevert", action: "undo" } as unknown as DomainError
    expect(localizedMessageOf(refusal)).toBeUndefined()
  })
})

describe("the HTTP layer's own refusals in the reader's language", () => {
  it("words a rate limit and a missing session, English kept as given", () => {
    const limited = "Too many requests. Please wait and try again."
    expect(refusalMessageIn("RATE_LIMITED", limited, "en")).toBe(limited)
    expect(refusalMessageIn("RATE_LIMITED", limited, "de")).toBe(
      "Zu viele Anfragen. Bitte warten Sie einen Moment und versuchen Sie es erneut.",
    )
    expect(
      refusalMessageIn("RATE_LIMITED", "Too many uploads. Please wait and try again.", "fr"),
    ).toBe("Trop d’envois. Veuillez patienter, puis réessayer.")
    expect(refusalMessageIn("AUTHENTICATION_REQUIRED", "Please sign in first", "es")).toBe(
      t("es")("errors.AUTHENTICATION_REQUIRED"),
    )
  })

  it("leaves a developer's refusal in English", () => {
    expect(refusalMessageIn("CROSS_ORIGIN", "Cross-origin requests are not allowed", "de")).toBe(
      "Cross-origin requests are not allowed",
    )
  })
})
