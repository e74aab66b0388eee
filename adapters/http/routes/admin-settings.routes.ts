import { Effect, Schema } from "effect"
import { PRIZE_KINDS, prizeLine } from "../../../domain/contests/contest-prize.ts"
import {
  readDefaultPrize,
  setDefaultPrizeAs,
} from "../../../domain/contests/default-prize.use-case.ts"
import { ContestPrizeBody } from "../contest.schema.ts"
import { ok, route } from "../route.ts"
import { actor } from "./admin-shared.ts"
import { Line } from "./shared.ts"

/**
 * The site's settings in the dashboard: the daily default prize, which every daily contest
 * created without a prize gets. Admins only, as every admin route; each change is audited.
 */

export const DefaultPrizeBody = Schema.Struct({
  /** The daily default prize with its line; null when none is set. */
  prize: Schema.NullOr(ContestPrizeBody),
}).annotate({ identifier: "DefaultPrize" })

const present = (prize: Parameters<typeof prizeLine>[0] | null) => ({
  prize: prize && { ...prize, line: prizeLine(prize) },
})

export const adminSettingsRoutes = [
  route({
    method: "GET",
    path: "/api/admin/settings/default-prize",
    tag: "admin",
    summary: "The daily default prize: what a daily contest created without a prize gets",
    access: "admin",
    okBody: DefaultPrizeBody,
    handler: () =>
      Effect.gen(function* () {
        return ok(present(yield* readDefaultPrize()))
      }),
  }),
  route({
    method: "PUT",
    path: "/api/admin/settings/default-prize",
    tag: "admin",
    summary:
      "Sets the daily default prize (cash in cents, credits, or other without an amount), or takes it away with prize: null. Contests that exist keep their prize",
    access: "admin",
    okBody: DefaultPrizeBody,
    body: Schema.Struct({
      prize: Schema.NullOr(
        Schema.Struct({
          kind: Schema.Literals(PRIZE_KINDS),
          text: Line(200),
          amount: Schema.NullOr(Schema.Finite),
        }),
      ),
    }),
    responses: { 400: "VALIDATION_FAILED naming prize.kind, prize.text or prize.amount" },
    handler: ({ body, caller }) =>
      Effect.gen(function* () {
        return ok(present(yield* setDefaultPrizeAs(yield* actor(caller), body.prize)))
      }),
  }),
]
