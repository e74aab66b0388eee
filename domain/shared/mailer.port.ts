import { Context, type Effect } from "effect"
import type { BrowserName } from "../accounts/browser-name.ts"
import type { Language } from "../accounts/member-settings.ts"
import type { ContestPrize } from "../contests/contest-prize.ts"

/**
 * The e-mails the product sends, as data. Adapters render them (subject, text, HTML) and build the
 * links from the public base URL, so the domain never knows a URL.
 */
export type Mail =
  | {
      readonly kind: "verify-email"
      readonly to: string
      readonly name: string
      /** The raw token for the link (only its digest is stored). */
      readonly token: string
    }
  | {
      readonly kind: "reset-password"
      readonly to: string
      readonly name: string
      readonly token: string
    }
  | {
      readonly kind: "contact-received"
      /** The support address. */
      readonly to: string
      readonly fromName: string
      readonly fromEmail: string
      readonly subject: string
      readonly message: string
    }
  | {
      readonly kind: "contact-confirmation"
      readonly to: string
      readonly name: string
      readonly subject: string
    }
  | {
      /** An admin's answer to a contact message, sent from the support address. */
      readonly kind: "contact-reply"
      readonly to: string
      readonly name: string
      /** The support address, which the answer comes from and replies go to. */
      readonly replyTo: string
      readonly subject: string
      readonly body: string
      /** The message being answered, quoted below the answer. */
      readonly original: string
    }
  | {
      readonly kind: "winner-announcement"
      readonly to: string
      readonly name: string
      readonly contestTitle: string
      readonly rawVotes: number
      readonly weightedScore: number
      /** The contest's prize (the mail words its amount in its language); absent or null: none. */
      readonly prize?: ContestPrize | null
      /** The one-click token that turns "voting results" off (the winner's mail is one of them). */
      readonly unsubscribeToken?: string
    }
  | {
      /** An announced contest's result, to an entrant who keeps "voting results" mail on. */
      readonly kind: "contest-results"
      readonly to: string
      readonly name: string
      readonly contestId: string
      readonly contestTitle: string
      /** The entrant's best rank (a member with two entries gets one mail, for the better). */
      readonly rank: number
      /** That entry's raw votes and weighted score. */
      readonly rawVotes: number
      readonly score: number
      readonly winnerName: string
      /** How many entries were ranked (the N of "rank 3 of N"). */
      readonly entrants: number
      /** The one-click token that turns "voting results" off (unsubscribe.use-case.ts). */
      readonly unsubscribeToken: string
    }
  | {
      /** A contest the member entered was cancelled: why, and their credits given back. */
      readonly kind: "contest-cancelled"
      readonly to: string
      readonly name: string
      readonly contestTitle: string
      /** The admin's reason, as given. */
      readonly reason: string
      /** The member's entries in it (each gave back its credit, unless the plan is unlimited). */
      readonly entries: number
      /** Credits given back (0 on an unlimited plan, which spent none). */
      readonly creditsReturned: number
      /**
       * Paid extra entries bought for this contest, whose money the member may have refunded
       * instead of the credit, from billing history (0 or absent: none).
       */
      readonly refundableExtraEntries?: number
    }
  | {
      /** A member won a tier's monthly drawing: the prize, and where the draw can be checked. */
      readonly kind: "drawing-won"
      readonly to: string
      readonly name: string
      /** "YYYY-MM" */
      readonly month: string
      /** The plan's name ("Color Pro"). */
      readonly planName: string
      readonly prizeCents: number
      /** How many members were in the drawing. */
      readonly entrants: number
    }
  | {
      /** A step of a custom line art request (filed, accepted, declined, fulfilled). */
      readonly kind: "line-art-request"
      readonly to: string
      readonly name: string
      /** The status the request has now: "open" right after it was filed. */
      readonly status: "open" | "accepted" | "declined" | "fulfilled"
      readonly brief: string
      /** The admin's reason when declined, else null. */
      readonly reason: string | null
      /** The contest with the page once fulfilled, else null. */
      readonly contestId: string | null
      readonly contestTitle: string | null
    }
  | {
      /**
       * Someone tried to sign up with, or move another account to, an address that already has an
       * account: its owner is told (the person trying is answered as if the address were free).
       */
      readonly kind: "address-in-use"
      readonly to: string
      readonly name: string
      readonly attempt: "sign-up" | "email-change"
    }
  | {
      /** The link that moves an account to a new address, mailed to that address. */
      readonly kind: "confirm-email-change"
      readonly to: string
      readonly name: string
      readonly token: string
    }
  | {
      /** The account's current address is told that a move to `newEmail` was asked for. */
      readonly kind: "email-change-requested"
      readonly to: string
      readonly name: string
      readonly newEmail: string
    }
  | {
      /**
       * An account saw a burst of failed sign-ins (tell the owner: once per burst, whoever tried).
       */
      readonly kind: "failed-sign-ins"
      readonly to: string
      readonly name: string
      /** The failed attempts that made the burst. */
      readonly attempts: number
    }
  | {
      /** A judge wrote professional feedback on the member's entry (issue 19); sent once. */
      readonly kind: "feedback-given"
      readonly to: string
      readonly name: string
      /** The judge's username. */
      readonly judgeName: string
      readonly contestTitle: string
      readonly entryId: string
      /** The one-click token that turns "comments and feedback" off. */
      readonly unsubscribeToken: string
    }
  | {
      /** The account was signed in from a browser it had not used (login notifications). */
      readonly kind: "new-sign-in"
      readonly to: string
      readonly name: string
      /** When (shown in the member's time zone, UTC when absent). */
      readonly at: number
      /** The member's time zone (Settings); absent: UTC. */
      readonly timeZone?: string | undefined
      /** The browser, named and worded in the mail's language ("Firefox on Windows"). */
      readonly browser: BrowserName
      /** The address's coarse location ("Berlin, Germany"), when known; else "unknown" is shown. */
      readonly location?: string | null
      /** The link token that signs out every session and starts a password reset. */
      readonly secureToken: string
      /** The one-click token that turns "login notifications" off. */
      readonly unsubscribeToken: string
    }
  | ContestAnnouncementMail
  | WeeklySummaryMail

/** The day's contest is open (Contest announcements, sent by the scheduler once a contest). */
export interface ContestAnnouncementMail {
  readonly kind: "contest-announcement"
  readonly to: string
  readonly name: string
  readonly contestId: string
  readonly contestTitle: string
  /** The line art's storage key (the mail shows its thumbnail), or null before it is uploaded. */
  readonly lineArt: string | null
  readonly endsAt: number
  /** The member's time zone (Settings), in which the deadline is written. */
  readonly timeZone: string
  readonly subscribersOnly: boolean
  /** The one-click token that turns "contest announcements" off. */
  readonly unsubscribeToken: string
}

/** A member's week (Weekly summary, sent by the scheduler on the member's Sunday). */
export interface WeeklySummaryMail {
  readonly kind: "weekly-summary"
  readonly to: string
  readonly name: string
  /** The member's Sunday the summary is for ("YYYY-MM-DD"). */
  readonly sunday: string
  readonly timeZone: string
  /** The member's entries of the week, with the votes each has received. */
  readonly entries: ReadonlyArray<{
    readonly entryId: string
    readonly contestTitle: string
    readonly votes: number
  }>
  /** Where the member's best entry placed in each contest of theirs that closed this week. */
  readonly placements: ReadonlyArray<{
    readonly contestId: string
    readonly contestTitle: string
    readonly rank: number
    readonly entrants: number
  }>
  /** Badges earned this week, by name. */
  readonly badges: ReadonlyArray<string>
  /** The winners of the contests that closed this week. */
  readonly winners: ReadonlyArray<{
    readonly contestId: string
    readonly contestTitle: string
    readonly winnerName: string
  }>
  /** The first contest starting after the summary, if one is scheduled. */
  readonly nextContest: {
    readonly contestId: string
    readonly title: string
    readonly startsAt: number
  } | null
  /** The one-click token that turns "weekly summary" off. */
  readonly unsubscribeToken: string
}

export type MailKind = Mail["kind"]

/**
 * The language a mail is written in (issue 22): its member's setting, passed by whoever sends it;
 * English when absent.
 */
export interface InLanguage {
  readonly language?: Language | undefined
}

/**
 * Queues one e-mail. Called inside the transaction of the change it reports, it is written to the
 * outbox with that change (so it goes if and only if the change commits, and once however often a
 * deadlocked transaction is retried); a sender apart from the request delivers it afterwards, with
 * retries. A request therefore never waits on a mail relay, and its timing says nothing about
 * whether a mail was due.
 */
export class Mailer extends Context.Service<
  Mailer,
  {
    readonly send: (mail: Mail & InLanguage) => Effect.Effect<void>
  }
>()("colorday/Mailer") {}
