import { Schema } from "effect"
import type { Contest } from "../../domain/contests/contest.entity.ts"
import {
  REQUEST_STATUSES,
  type LineArtRequest,
} from "../../domain/perks/line-art-request.entity.ts"
import type { PremiumPage } from "../../domain/perks/premium-page.port.ts"
import type { Member } from "../../domain/accounts/member.entity.ts"
import { PAPERS } from "../images/line-art-pdf.ts"
import type { Instant } from "../../domain/shared/ids.ts"
import { ContestBody } from "./contest.schema.ts"
import { imageUrl, presentContest } from "./presenters.ts"

/**
 * The tier perks' answers (issue 19): this week's premium page, tomorrow's page for early access,
 * and custom line art requests. Instants are ISO 8601. A locked perk names the plan that unlocks it.
 */

const iso = (instant: Instant) => new Date(instant).toISOString()

/** Where a page is downloaded: the PNG and a print PDF per paper. */
const DownloadsBody = Schema.Struct({
  png: Schema.String,
  pdf: Schema.Record(Schema.String, Schema.String),
})

const downloads = (base: string) => ({
  png: `${base}.png`,
  pdf: Object.fromEntries(PAPERS.map((paper) => [paper, `${base}.pdf?paper=${paper}`])),
})

export const PremiumPageBody = Schema.Struct({
  /** The ISO week ("2026-W48", Monday 00:00 to Monday 00:00 UTC). */
  week: Schema.String,
  access: Schema.Literals(["granted", "locked"]),
  /** The plan that unlocks it ("Color Pro"), for the locked view's upgrade line. */
  unlockedBy: Schema.String,
  /** The week's page; null when none is uploaded yet or it is locked. */
  page: Schema.NullOr(
    Schema.Struct({
      title: Schema.String,
      image: Schema.NullOr(Schema.String),
      downloads: DownloadsBody,
    }),
  ),
  /** The page's title, also shown locked (what the member would get); null when none yet. */
  title: Schema.NullOr(Schema.String),
}).annotate({ identifier: "PremiumPage" })

export const presentPremiumPageView = (
  week: string,
  unlockedBy: string,
  view:
    | { readonly access: "granted"; readonly page: PremiumPage | null }
    | { readonly access: "locked"; readonly title: string | null },
): typeof PremiumPageBody.Type =>
  view.access === "granted"
    ? {
        week,
        access: "granted",
        unlockedBy,
        title: view.page?.title ?? null,
        page: view.page && {
          title: view.page.title,
          image: imageUrl(view.page.lineArt),
          downloads: downloads("/api/premium-page"),
        },
      }
    : { week, access: "locked", unlockedBy, title: view.title, page: null }

export const AdminPremiumPageBody = Schema.Struct({
  week: Schema.String,
  title: Schema.String,
  image: Schema.NullOr(Schema.String),
  uploadedAt: Schema.String,
}).annotate({ identifier: "AdminPremiumPage" })

export const presentAdminPremiumPage = (page: PremiumPage): typeof AdminPremiumPageBody.Type => ({
  week: page.week,
  title: page.title,
  image: imageUrl(page.lineArt),
  uploadedAt: iso(page.uploadedAt),
})

export const AdminPremiumPagesBody = Schema.Struct({
  /** The week it is now, and the next one, as the form offers them. */
  currentWeek: Schema.String,
  nextWeek: Schema.String,
  pages: Schema.Array(AdminPremiumPageBody),
}).annotate({ identifier: "AdminPremiumPages" })

export const EarlyAccessBody = Schema.Struct({
  access: Schema.Literals(["granted", "locked", "none"]),
  /** The plan that grants early access ("Color Champ"). */
  unlockedBy: Schema.String,
  /** When tomorrow's page opened to early access, and when its contest starts; null with none. */
  opensAt: Schema.NullOr(Schema.String),
  startsAt: Schema.NullOr(Schema.String),
  /** Tomorrow's contest with its line art: only when granted. */
  challenge: Schema.NullOr(ContestBody),
  downloads: Schema.NullOr(DownloadsBody),
}).annotate({ identifier: "EarlyAccess" })

export const presentEarlyAccess = (
  unlockedBy: string,
  view:
    | { readonly access: "granted"; readonly contest: Contest; readonly opensAt: number }
    | { readonly access: "locked"; readonly opensAt: number; readonly startsAt: number }
    | { readonly access: "none" },
  now: Instant,
): typeof EarlyAccessBody.Type => {
  switch (view.access) {
    case "granted":
      return {
        access: "granted",
        unlockedBy,
        opensAt: iso(view.opensAt),
        startsAt: iso(view.contest.startsAt),
        challenge: presentContest(view.contest, now),
        downloads:
          view.contest.lineArt === null
            ? null
            : downloads(`/api/challenges/${view.contest.id}/line-art`),
      }
    case "locked":
      return {
        access: "locked",
        unlockedBy,
        opensAt: iso(view.opensAt),
        startsAt: iso(view.startsAt),
        challenge: null,
        downloads: null,
      }
    case "none":
      return {
        access: "none",
        unlockedBy,
        opensAt: null,
        startsAt: null,
        challenge: null,
        downloads: null,
      }
  }
}

/**
 * A contest as anyone sees it: before it starts, without its line art (Color Champ members get
 * it from 18:00 the day before through GET /api/early-access).
 */
export const presentPublicContest = (contest: Contest, now: Instant) => {
  const body = presentContest(contest, now)
  return now < contest.startsAt ? { ...body, lineArt: null, image_url: null } : body
}

export const LineArtRequestBody = Schema.Struct({
  id: Schema.String,
  brief: Schema.String,
  /** The reference picture the member sent; null when none. */
  reference: Schema.NullOr(Schema.String),
  status: Schema.Literals(REQUEST_STATUSES),
  declineReason: Schema.NullOr(Schema.String),
  contestId: Schema.NullOr(Schema.String),
  createdAt: Schema.String,
  updatedAt: Schema.String,
}).annotate({ identifier: "LineArtRequest" })

export const presentLineArtRequest = (request: LineArtRequest): typeof LineArtRequestBody.Type => ({
  id: request.id,
  brief: request.brief,
  reference: imageUrl(request.reference),
  status: request.status,
  declineReason: request.declineReason,
  contestId: request.contestId,
  createdAt: iso(request.createdAt),
  updatedAt: iso(request.updatedAt),
})

export const MyLineArtRequestsBody = Schema.Struct({
  /** Whether the member's plan lets them file one, and whether one is waiting already. */
  canRequest: Schema.Boolean,
  unlockedBy: Schema.String,
  requests: Schema.Array(LineArtRequestBody),
}).annotate({ identifier: "MyLineArtRequests" })

export const AdminLineArtRequestBody = Schema.Struct({
  ...LineArtRequestBody.fields,
  member: Schema.NullOr(
    Schema.Struct({ id: Schema.String, username: Schema.String, email: Schema.String }),
  ),
}).annotate({ identifier: "AdminLineArtRequest" })

export const presentAdminLineArtRequest = (item: {
  readonly request: LineArtRequest
  readonly member: Member | null
}): typeof AdminLineArtRequestBody.Type => ({
  ...presentLineArtRequest(item.request),
  member: item.member && {
    id: item.member.id,
    username: item.member.username,
    email: item.member.email,
  },
})
