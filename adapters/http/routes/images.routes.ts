import { Clock, Effect, Option, Schema } from "effect"
import sharp from "sharp"
import type { Contest } from "../../../domain/contests/contest.entity.ts"
import { ContestRepository } from "../../../domain/contests/contest.port.ts"
import { recordDownload } from "../../../domain/contests/record-download.use-case.ts"
import { lineArtFor } from "../../../domain/perks/early-access.use-case.ts"
import { visitorOf } from "./contests.routes.ts"
import { setLineArtAs } from "../../../domain/contests/manage-contest.use-case.ts"
import { ImageStore } from "../../../domain/submissions/image-store.port.ts"
import { CONTENT_TYPES } from "../../images/inspect-image.ts"
import { PAPERS, type Paper, printPdfOfPdf, printPdfOfPicture } from "../../images/line-art-pdf.ts"
import { badRequest, HttpRefusal } from "../http-errors.ts"
import { imageUrl, presentContest } from "../presenters.ts"
import { ok, type Reply, route } from "../route.ts"
import { signedIn } from "./shared.ts"
import { IdParams } from "../schemas.ts"
import { LineArtSavedBody } from "../admin.schema.ts"

/**
 * Line art: admins upload a contest's page (multipart, parsed by uploads.ts), anyone downloads it
 * as a PNG or as a print-ready PDF on A4 or Letter. A download by a signed-in member is recorded
 * (recordDownload), and every download is counted for the contest's analytics.
 */

const noLineArt = () => new HttpRefusal(404, "NOT_FOUND", "This contest has no line art yet")

/** The file name a download is saved under: `colorday-<title>[-<paper>].<ext>`, ASCII only. */
const fileName = (contest: Contest, extension: string, paper?: Paper) => {
  const slug = contest.title
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .toLowerCase()
    .slice(0, 60)
  return `colorday-${slug || "line-art"}${paper ? `-${paper}` : ""}.${extension}`
}

export const attachment = (bytes: Uint8Array, contentType: string, name: string): Reply => ({
  status: 200,
  body: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
  headers: {
    "Content-Type": contentType,
    "Content-Disposition": `attachment; filename="${name}"`,
    // Every download goes through us, to be counted.
    "Cache-Control": "private, no-store",
  },
})

/**
 * The contest, its line art's keys and the page's bytes; 404 when it has none. Before the contest
 * starts only a Color Champ member gets it, from 18:00 the day before (early access, issue 19).
 */
const lineArtOf = (contestId: string, memberId: string | null) =>
  Effect.gen(function* () {
    const contest = yield* lineArtFor(contestId, memberId)
    if (contest.lineArt === null) return yield* Effect.die(noLineArt())
    const images = yield* ImageStore
    const renditions = images.renditionsOf(contest.lineArt)
    const page = yield* images.read(contest.lineArt)
    if (Option.isNone(renditions) || Option.isNone(page)) return yield* Effect.die(noLineArt())
    return { contest, renditions: renditions.value, page: page.value }
  })

/**
 * The last few print PDFs made, by line-art key, paper and title (a key's file never changes):
 * the day's page is downloaded far more often than it changes.
 */
const printed = new Map<string, Uint8Array>()
const PRINTED_KEPT = 8

export const printPdf = (
  key: string,
  paper: Paper,
  title: string,
  make: () => Promise<Uint8Array>,
) =>
  Effect.promise(async () => {
    const cacheKey = `${key} ${paper} ${title}`
    const known = printed.get(cacheKey)
    if (known) return known
    const made = await make()
    printed.set(cacheKey, made)
    for (const oldest of printed.keys()) {
      if (printed.size <= PRINTED_KEPT) break
      printed.delete(oldest)
    }
    return made
  })

/** What the admin route answers: the contest, and where its line art can be had. */
const presentLineArt = (contest: Contest, printPdfSent: boolean, now: number) => ({
  challenge: presentContest(contest, now),
  lineArt: {
    png: `/api/challenges/${contest.id}/line-art.png`,
    pdf: Object.fromEntries(
      PAPERS.map((paper) => [paper, `/api/challenges/${contest.id}/line-art.pdf?paper=${paper}`]),
    ),
    image: imageUrl(contest.lineArt),
    printPdfSent,
  },
})

export const imageRoutes = [
  route({
    method: "POST",
    path: "/api/admin/contests/:id/line-art",
    tag: "admin",
    summary:
      "Sets a contest's line art, as multipart/form-data: `image`, the page (PNG; JPEG, WebP and AVIF are turned into PNG), and/or `pdf`, its print version (one page, 2 to 24 in a side), each at most 10 MB. A PDF alone keeps the current page (a PDF cannot be shown on the site). Answers {challenge, lineArt}",
    access: "admin",
    okBody: LineArtSavedBody,
    params: IdParams,
    body: Schema.Struct({
      image: Schema.optional(Schema.Uint8Array),
      pdf: Schema.optional(Schema.Uint8Array),
    }),
    responses: {
      404: "No such contest",
      413: "PAYLOAD_TOO_LARGE: a file over 10 MB",
      415: "UNSUPPORTED_IMAGE: not an image or PDF we accept (the message says why)",
    },
    handler: ({ params, body, caller }) =>
      Effect.gen(function* () {
        const admin = yield* signedIn(caller)
        const images = yield* ImageStore
        const contest = yield* (yield* ContestRepository).get(params.id)
        if (!body.image && !body.pdf) {
          return yield* Effect.die(
            badRequest(
              'image: send the page as a multipart/form-data file field "image" (PNG), and/or its print PDF as "pdf"',
            ),
          )
        }
        let page: Uint8Array | undefined = body.image
        if (!page) {
          // A new print PDF for the page the contest has.
          const current =
            contest.lineArt === null ? Option.none() : yield* images.read(contest.lineArt)
          if (Option.isNone(current)) {
            return yield* Effect.die(
              badRequest(
                'image: this contest has no page yet; send the page as a PNG ("image") with the PDF: a PDF cannot be shown on the site',
              ),
            )
          }
          page = current.value.bytes
        }
        const stored = yield* images.store(page, "line-art", { printPdf: body.pdf })
        // The earlier page's files stay: the demo world shares a page between contests.
        const { contest: updated } = yield* setLineArtAs(admin.id, {
          contestId: contest.id,
          lineArt: stored.key,
        }).pipe(Effect.onError(() => images.remove(stored.key)))
        return ok(
          presentLineArt(
            updated,
            stored.renditions.printPdf !== null,
            yield* Clock.currentTimeMillis,
          ),
        )
      }),
  }),
  route({
    method: "GET",
    path: "/api/challenges/:id/line-art.png",
    tag: "contests",
    summary:
      "Downloads the contest's line art as a PNG (an attachment). A signed-in member's download is recorded; every download is counted",
    access: "public",
    params: IdParams,
    responses: {
      403: "PERK_REQUIRED: the contest starts within 6 hours and early access is for Color Champ",
      404: "No such contest, it has no line art yet, or it has not started (early access aside)",
    },
    handler: ({ params, caller }) =>
      Effect.gen(function* () {
        const { contest, page } = yield* lineArtOf(params.id, caller.member?.id ?? null)
        // Pages stored before PNG was the rule (by key shape) are converted on the way out.
        const png =
          page.contentType === CONTENT_TYPES.png
            ? page.bytes
            : yield* Effect.promise(() => sharp(page.bytes).png().toBuffer())
        yield* recordDownload({
          contestId: contest.id,
          memberId: caller.member?.id ?? null,
          visitor: visitorOf(caller),
        })
        return attachment(png, CONTENT_TYPES.png, fileName(contest, "png"))
      }),
  }),
  route({
    method: "GET",
    path: "/api/challenges/:id/line-art.pdf",
    tag: "contests",
    summary:
      "Downloads the contest's line art as a print-ready PDF (an attachment): the page centred on A4 or Letter (paper, default letter) with half-inch margins; the admin's own PDF when one was sent. A signed-in member's download is recorded; every download is counted",
    access: "public",
    params: IdParams,
    query: Schema.Struct({ paper: Schema.optional(Schema.Literals(PAPERS)) }),
    responses: {
      403: "PERK_REQUIRED: the contest starts within 6 hours and early access is for Color Champ",
      404: "No such contest, it has no line art yet, or it has not started (early access aside)",
    },
    handler: ({ params, query, caller }) =>
      Effect.gen(function* () {
        const paper = query.paper ?? "letter"
        const { contest, renditions, page } = yield* lineArtOf(params.id, caller.member?.id ?? null)
        const images = yield* ImageStore
        const sent =
          renditions.printPdf === null ? Option.none() : yield* images.read(renditions.printPdf)
        const title = `${contest.title}: Colorday line art`
        const pdf = yield* printPdf(contest.lineArt ?? "", paper, title, () =>
          Option.isSome(sent)
            ? printPdfOfPdf(sent.value.bytes, paper, title)
            : printPdfOfPicture(page.bytes, paper, title),
        )
        yield* recordDownload({
          contestId: contest.id,
          memberId: caller.member?.id ?? null,
          visitor: visitorOf(caller),
        })
        return attachment(pdf, CONTENT_TYPES.pdf, fileName(contest, "pdf", paper))
      }),
  }),
]
