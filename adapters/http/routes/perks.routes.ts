import { Clock, Effect, Option, Schema } from "effect"
import { subscriptionAsOfNow } from "../../../domain/plans/current-subscription.use-case.ts"
import { earlyAccessFor } from "../../../domain/perks/early-access.use-case.ts"
import { isUnresolved } from "../../../domain/perks/line-art-request.entity.ts"
import {
  fileLineArtRequest,
  myLineArtRequests,
} from "../../../domain/perks/line-art-requests.use-case.ts"
import {
  premiumPageDownload,
  premiumPageFor,
} from "../../../domain/perks/premium-pages.use-case.ts"
import { cheapestPlanWith, grants, type PerkId } from "../../../domain/plans/plans.ts"
import { ImageStore } from "../../../domain/submissions/image-store.port.ts"
import { CONTENT_TYPES } from "../../images/inspect-image.ts"
import { PAPERS, printPdfOfPdf, printPdfOfPicture } from "../../images/line-art-pdf.ts"
import { HttpRefusal } from "../http-errors.ts"
import {
  EarlyAccessBody,
  LineArtRequestBody,
  MyLineArtRequestsBody,
  PremiumPageBody,
  presentEarlyAccess,
  presentLineArtRequest,
  presentPremiumPageView,
} from "../perk.schema.ts"
import { created, ok, route } from "../route.ts"
import { attachment, printPdf } from "./images.routes.ts"
import { Paragraphs, signedIn } from "./shared.ts"

/**
 * The tier perks a member uses (issue 19): this week's premium page (Pro, Champ), tomorrow's page
 * (early access, Champ) and custom line art requests (Champ). Who may is decided server-side from
 * the session's member and their current plan; a locked perk names the plan that unlocks it.
 */

const unlockedBy = (perk: PerkId) => cheapestPlanWith(perk)?.name ?? "a paid plan"

const noPremiumPage = () =>
  new HttpRefusal(404, "NOT_FOUND", "This week's premium page is not uploaded yet")

/** This week's page and its bytes, for a member whose plan grants it. */
const premiumPageFile = (memberId: string) =>
  Effect.gen(function* () {
    const view = yield* premiumPageDownload(memberId)
    if (view.page === null) return yield* Effect.die(noPremiumPage())
    const images = yield* ImageStore
    const file = yield* images.read(view.page.lineArt)
    const renditions = images.renditionsOf(view.page.lineArt)
    if (Option.isNone(file) || Option.isNone(renditions)) return yield* Effect.die(noPremiumPage())
    return { page: view.page, file: file.value, renditions: renditions.value }
  })

const fileName = (week: string, extension: string, paper?: string) =>
  `colorday-premium-${week.toLowerCase()}${paper ? `-${paper}` : ""}.${extension}`

export const perkRoutes = [
  route({
    method: "GET",
    path: "/api/premium-page",
    tag: "perks",
    summary:
      "This week's premium line art page (ISO weeks, Monday 00:00 UTC): for Color Pro and Champ its title, picture and downloads; for others and visitors access locked, the title, and the plan that unlocks it",
    access: "public",
    okBody: PremiumPageBody,
    handler: ({ caller }) =>
      Effect.gen(function* () {
        const view = yield* premiumPageFor(caller.member?.id ?? null)
        return ok(presentPremiumPageView(view.week, unlockedBy("premium-line-art"), view))
      }),
  }),
  route({
    method: "GET",
    path: "/api/premium-page.png",
    tag: "perks",
    summary: "Downloads this week's premium page as a PNG (an attachment): Color Pro and Champ",
    access: "member",
    responses: {
      403: "PERK_REQUIRED: your plan does not include premium line art",
      404: "No premium page this week yet",
    },
    handler: ({ caller }) =>
      Effect.gen(function* () {
        const member = yield* signedIn(caller)
        const { page, file } = yield* premiumPageFile(member.id)
        return attachment(file.bytes, CONTENT_TYPES.png, fileName(page.week, "png"))
      }),
  }),
  route({
    method: "GET",
    path: "/api/premium-page.pdf",
    tag: "perks",
    summary:
      "Downloads this week's premium page as a print-ready PDF on A4 or Letter (paper, default letter): Color Pro and Champ",
    access: "member",
    query: Schema.Struct({ paper: Schema.optional(Schema.Literals(PAPERS)) }),
    responses: {
      403: "PERK_REQUIRED: your plan does not include premium line art",
      404: "No premium page this week yet",
    },
    handler: ({ caller, query }) =>
      Effect.gen(function* () {
        const member = yield* signedIn(caller)
        const paper = query.paper ?? "letter"
        const { page, file, renditions } = yield* premiumPageFile(member.id)
        const images = yield* ImageStore
        const sent =
          renditions.printPdf === null ? Option.none() : yield* images.read(renditions.printPdf)
        const title = `${page.title}: Colorday premium line art`
        const pdf = yield* printPdf(page.lineArt, paper, title, () =>
          Option.isSome(sent)
            ? printPdfOfPdf(sent.value.bytes, paper, title)
            : printPdfOfPicture(file.bytes, paper, title),
        )
        return attachment(pdf, CONTENT_TYPES.pdf, fileName(page.week, "pdf", paper))
      }),
  }),
  route({
    method: "GET",
    path: "/api/early-access",
    tag: "perks",
    summary:
      "Tomorrow's page (early access): from 18:00 the day before a contest starts (6 hours before its local-midnight start) until it starts, a Color Champ member gets the contest with its line art and downloads; others get access locked with when it opened and when the contest starts; none outside that window",
    access: "public",
    okBody: EarlyAccessBody,
    handler: ({ caller }) =>
      Effect.gen(function* () {
        const view = yield* earlyAccessFor(caller.member?.id ?? null)
        return ok(
          presentEarlyAccess(unlockedBy("early-access"), view, yield* Clock.currentTimeMillis),
        )
      }),
  }),
  route({
    method: "GET",
    path: "/api/line-art-requests",
    tag: "perks",
    summary:
      "Your custom line art requests, newest first, with their status (open, accepted, declined with the reason, fulfilled with the contest), and whether you can file one now (Color Champ, none waiting)",
    access: "member",
    okBody: MyLineArtRequestsBody,
    handler: ({ caller }) =>
      Effect.gen(function* () {
        const member = yield* signedIn(caller)
        const requests = yield* myLineArtRequests(member.id)
        const { tier } = yield* subscriptionAsOfNow(member.id)
        return ok({
          canRequest: grants(tier, "custom-line-art-requests") && !requests.some(isUnresolved),
          unlockedBy: unlockedBy("custom-line-art-requests"),
          requests: requests.map(presentLineArtRequest),
        })
      }),
  }),
  route({
    method: "POST",
    path: "/api/line-art-requests",
    tag: "perks",
    summary:
      "Files a custom line art request (Color Champ), as multipart/form-data or JSON: `brief`, 10 to 1000 characters, and optionally `reference`, a picture (JPEG, PNG, WebP, AVIF; at most 10 MB). One request waits at a time: a new one once the last is fulfilled or declined. You are mailed at each step",
    access: "member",
    okStatus: 201,
    okBody: LineArtRequestBody,
    body: Schema.Struct({
      brief: Paragraphs(2000),
      reference: Schema.optional(Schema.Uint8Array),
    }),
    responses: {
      403: "PERK_REQUIRED: custom line art requests are for Color Champ",
      413: "PAYLOAD_TOO_LARGE: a reference over 10 MB",
      415: "UNSUPPORTED_IMAGE: the reference is not an image we accept",
    },
    handler: ({ caller, body }) =>
      Effect.gen(function* () {
        const member = yield* signedIn(caller)
        const images = yield* ImageStore
        // No image work for a member whose plan refuses the request anyway.
        const { tier } = yield* subscriptionAsOfNow(member.id)
        const stored =
          body.reference && grants(tier, "custom-line-art-requests")
            ? yield* images.store(body.reference, "entry")
            : null
        const request = yield* fileLineArtRequest({
          memberId: member.id,
          brief: body.brief,
          reference: stored?.key ?? null,
        }).pipe(Effect.onError(() => (stored ? images.remove(stored.key) : Effect.void)))
        return created(presentLineArtRequest(request))
      }),
  }),
]
