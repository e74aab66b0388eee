import { PassThrough } from "node:stream"
import { Effect, Schema } from "effect"
import { BADGE_IDS } from "../../../domain/badges/badges.ts"
import { backfillBadges, grantBadge } from "../../../domain/badges/grant-badge.use-case.ts"
import { presentBadge } from "../presenters.ts"
import { ok, type Reply, route } from "../route.ts"
import { Id } from "../schemas.ts"
import { actor } from "./admin-shared.ts"
import { BadgeBody } from "../account.schema.ts"
import { BackfillLineBody } from "../admin.schema.ts"

/** The admin dashboard's badges: granting one, and the backfill (a stream of its progress). Admins only, as every admin route (admin.routes.ts). */

/** The NDJSON stream of a long task: each line written as it happens, the response kept open. */
const ndjson = <Line>() => {
  const stream = new PassThrough()
  return {
    stream,
    write: (line: Line) => Effect.sync(() => void stream.write(`${JSON.stringify(line)}\n`)),
    end: () => Effect.sync(() => void stream.end()),
  }
}

export const adminBadgeRoutes = [
  route({
    method: "POST",
    path: "/api/admin/badges/grant",
    tag: "admin",
    summary: "Grants a badge by hand; one already held answers with its grant",
    access: "admin",
    okBody: BadgeBody,
    body: Schema.Struct({ memberId: Id, badgeId: Schema.Literals(BADGE_IDS) }),
    responses: { 404: "No such member" },
    handler: ({ body, caller }) =>
      Effect.gen(function* () {
        const granted = yield* grantBadge(yield* actor(caller), body)
        return ok(presentBadge(granted.grant))
      }),
  }),
  route({
    method: "POST",
    path: "/api/admin/badges/backfill",
    tag: "admin",
    summary:
      'Runs the badge backfill over every member, answering with NDJSON as it goes: {"type":"progress","done","total"} lines, then {"type":"done","granted"}',
    access: "admin",
    okBody: BackfillLineBody,
    okMediaType: "application/x-ndjson",
    handler: ({ caller }) =>
      Effect.gen(function* () {
        const by = yield* actor(caller)
        const out = ndjson<BackfillLineBody>()
        yield* Effect.forkDetach(
          backfillBadges(by, (done, total) => out.write({ type: "progress", done, total })).pipe(
            Effect.flatMap((result) => out.write({ type: "done", granted: result.granted })),
            Effect.catchCause(() =>
              out.write({ type: "error", message: "The backfill stopped; run it again" }),
            ),
            Effect.ensuring(out.end()),
          ),
        )
        return {
          status: 200,
          body: out.stream,
          headers: { "Content-Type": "application/x-ndjson", "Cache-Control": "no-store" },
        } satisfies Reply
      }),
  }),
]
