import { Effect } from "effect"
import { resetTwoFactorAs } from "../../../domain/accounts/two-factor-admin.use-case.ts"
import { twoFactorStatus } from "../../../domain/accounts/two-factor.use-case.ts"
import { MemberRepository } from "../../../domain/accounts/member.port.ts"
import { HttpRefusal } from "../http-errors.ts"
import { ok, type Reply, route } from "../route.ts"
import { IdParams } from "../schemas.ts"
import { TwoFactorStatusBody } from "../two-factor.schema.ts"
import { actor } from "./admin-shared.ts"

/**
 * A member's two-factor sign-in as the dashboard sees it (issue 24): whether it is on, and the
 * reset for a member who lost both their authenticator and their recovery codes (audited).
 */
export const adminTwoFactorRoutes = [
  route({
    method: "GET",
    path: "/api/admin/members/:id/two-factor",
    tag: "admin",
    summary: "Whether the member's two-factor sign-in is on, and how many recovery codes are left",
    access: "admin",
    okBody: TwoFactorStatusBody,
    params: IdParams,
    responses: { 404: "No such member" },
    handler: ({ params }) =>
      Effect.gen(function* () {
        const member = yield* (yield* MemberRepository).get(params.id)
        return ok(yield* twoFactorStatus(member.id))
      }),
  }),
  route({
    method: "DELETE",
    path: "/api/admin/members/:id/two-factor",
    tag: "admin",
    summary:
      "Turns the member's two-factor sign-in off (they lost their authenticator and their recovery codes): the secret, the recovery codes and any waiting sign-in go; audited as member.two-factor-reset. 204. The member signs in with the password and may enrol again",
    access: "admin",
    params: IdParams,
    responses: { 204: "Off", 404: "No such member", 409: "TWO_FACTOR_NOT_ON" },
    handler: ({ params, caller }) =>
      Effect.gen(function* () {
        yield* resetTwoFactorAs(yield* actor(caller), params.id).pipe(
          Effect.catchTag("TwoFactorNotOn", (error) =>
            Effect.die(new HttpRefusal(409, error.code, error.message)),
          ),
        )
        const reply: Reply = { status: 204 }
        return reply
      }),
  }),
]
