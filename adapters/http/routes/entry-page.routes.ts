import { Clock, Effect, Option } from "effect"
import { placementOf } from "../../../domain/contests/placement.ts"
import { isVisible } from "../../../domain/submissions/entry.entity.ts"
import { entryPage } from "../../../domain/submissions/entry-page.use-case.ts"
import { ImageStore } from "../../../domain/submissions/image-store.port.ts"
import { EntryPageBody } from "../entry-page.schema.ts"
import { imageUrl, presentContest, presentEntry } from "../presenters.ts"
import { ok, route } from "../route.ts"
import { IdParams } from "../schemas.ts"

/**
 * An entry's page (/entries/:id, and the gallery's lightbox): the entry with its placement, its
 * contest, its picture with the renditions a browser picks from (srcset), and the entries before
 * and after it in the contest.
 */

/**
 * The picture of an entry: its display rendition, with its size, and every rendition that
 * exists (thumbnail, display) as srcset candidates, small to large. Sizes are read from the
 * files' headers once and kept by the store (a file's name never changes): entries do not store
 * them, so photos entered before this page existed have them too.
 */
export const entryPicture = (key: string) =>
  Effect.gen(function* () {
    const images = yield* ImageStore
    const renditions = Option.getOrUndefined(images.renditionsOf(key))
    const display = renditions?.display ?? key
    const candidates = [...new Set([renditions?.thumbnail ?? key, display])]
    const sized = yield* Effect.forEach(candidates, (candidate) =>
      Effect.map(images.size(candidate), (size) => ({ key: candidate, size })),
    )
    const displaySize = Option.getOrUndefined(
      sized.find((s) => s.key === display)?.size ?? Option.none(),
    )
    const srcset = sized
      .flatMap(({ key: candidate, size }) =>
        Option.isSome(size) ? [{ url: imageUrl(candidate) ?? "", width: size.value.width }] : [],
      )
      .sort((a, b) => a.width - b.width)
      .filter((candidate, index, all) => index === 0 || all[index - 1]?.width !== candidate.width)
    return {
      url: imageUrl(display) ?? "",
      width: displaySize?.width ?? null,
      height: displaySize?.height ?? null,
      srcset,
    }
  })

export const entryPageRoutes = [
  {
    ...route({
      method: "GET",
      path: "/api/entries/:id",
      tag: "submissions",
      summary:
        "An entry's page: {entry (as in the gallery, with placement, peoplesChoice, artistUsername and hasVoted for the signed-in member), contest, image: {url, width, height, srcset: [{url, width}] small to large}, previousEntryId, nextEntryId (among the contest's visible entries in gallery order, newest first: previous is the next newer, next the next older)}. A hidden or disqualified entry is 404 to everyone but its owner and admins (who also get moderationReason)",
      access: "public",
      params: IdParams,
      responses: { 404: "No such entry, or it is not shown (hidden or disqualified)" },
      handler: ({ params, caller }) =>
        Effect.gen(function* () {
          const page = yield* entryPage(params.id, caller.member)
          const { entry, contest } = page
          const now = yield* Clock.currentTimeMillis
          return ok({
            entry: {
              ...presentEntry(entry, page.hasVoted, placementOf(entry.id, contest)),
              ...(isVisible(entry) ? {} : { moderationReason: entry.moderationReason }),
            },
            contest: presentContest(contest, now),
            image: yield* entryPicture(entry.image),
            previousEntryId: page.previousEntryId,
            nextEntryId: page.nextEntryId,
          })
        }),
    }),
    okBody: EntryPageBody,
  },
]
