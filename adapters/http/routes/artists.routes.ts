import { Effect, Schema } from "effect"
import { artistEntries, artistPage } from "../../../domain/artists/artist-page.use-case.ts"
import { ArtistBody, ArtistEntriesBody } from "../entry-page.schema.ts"
import { presentEntryPage } from "../entry-placements.ts"
import { presentBadge } from "../presenters.ts"
import { ok, route } from "../route.ts"
import { PageQuery } from "../schemas.ts"
import { Line } from "./shared.ts"

/**
 * Artists' pages (/artists/:username): a member's public profile, counters, badges and
 * submission history, as their privacy switches allow (domain/artists/artist-page.ts decides).
 * The owner sees everything; with ?view=public, exactly what others see (the Settings preview).
 */

const UsernameParams = Schema.Struct({ username: Line(100).check(Schema.isMinLength(1)) })

const ViewQuery = Schema.Struct({ view: Schema.optional(Schema.Literals(["public"])) })

const iso = (instant: number) => new Date(instant).toISOString()

export const artistRoutes = [
  {
    ...route({
      method: "GET",
      path: "/api/artists/:username",
      tag: "artists",
      summary:
        "An artist's page: {username, private, isOwner, avatarUrl, bio, location, website, memberSince (null unless they show their join date), badges (null when they hide them), stats: {wins, entries, votesReceived, score}, showsHistory}. A private profile is {username, private: true, isOwner: false} to everyone but its owner. The owner sees everything (private tells them whether others see a private page); view=public shows the owner exactly what others see",
      access: "public",
      params: UsernameParams,
      query: ViewQuery,
      responses: { 404: "No such artist" },
      handler: ({ params, query, caller }) =>
        Effect.gen(function* () {
          const page = yield* artistPage({
            username: params.username,
            viewerId: caller.member?.id ?? null,
            previewPublic: query.view === "public",
          })
          const { member } = page
          if (page.kind === "private") {
            return ok({ username: member.username, private: true, isOwner: false })
          }
          return ok({
            username: member.username,
            private: page.parts.ownerView ? !page.publicProfile : false,
            isOwner: page.parts.ownerView,
            avatarUrl: member.profile.avatarUrl,
            bio: member.profile.bio,
            location: member.profile.location,
            website: member.profile.website,
            memberSince: page.parts.joinDate ? iso(member.createdAt) : null,
            badges: page.badges === null ? null : page.badges.map(presentBadge),
            stats: page.stats,
            showsHistory: page.parts.history,
          })
        }),
    }),
    okBody: ArtistBody,
  },
  {
    ...route({
      method: "GET",
      path: "/api/artists/:username/entries",
      tag: "artists",
      summary:
        "An artist's submission history: {items (their visible entries, newest first, each with placement, peoplesChoice, artistUsername and contestName), nextCursor}, paged with limit and cursor. 404 to others when the profile is private or the history hidden; view=public shows the owner what others get",
      access: "public",
      params: UsernameParams,
      query: Schema.Struct({ ...ViewQuery.fields, ...PageQuery.fields }),
      responses: { 404: "No such artist, or their profile or submission history is not shown" },
      handler: ({ params, query, caller }) =>
        Effect.gen(function* () {
          const { page } = yield* artistEntries({
            username: params.username,
            viewerId: caller.member?.id ?? null,
            previewPublic: query.view === "public",
            cursor: query.cursor,
            limit: query.limit,
          })
          const { items, contests } = yield* presentEntryPage(page.items)
          return ok({
            items: items.map((item, index) => {
              const contestName = contests.get(page.items[index]?.contestId ?? "")?.title
              return contestName === undefined ? item : { ...item, contestName }
            }),
            nextCursor: page.nextCursor,
          })
        }),
    }),
    okBody: ArtistEntriesBody,
  },
]
