import { Effect, Schema } from "effect"
import { subscriptionAsOfNow } from "../../../domain/plans/current-subscription.use-case.ts"
import { cancelPlan } from "../../../domain/billing/cancel-plan.use-case.ts"
import { TIERS } from "../../../domain/plans/plans.ts"
import { forbidden, HttpRefusal } from "../http-errors.ts"
import { presentSubscription } from "../presenters.ts"
import { ok, route } from "../route.ts"
import { actingAs, MemberIdField, signedIn } from "./shared.ts"
import { SubscriptionAnswerBody } from "../account.schema.ts"

/**
 * The member's plan and entry credits (§7 "Subscription and payments"). Reading is the member's
 * own; writing is never the browser's: a credit is spent only by entering a contest, and a plan
 * or a credit is bought only through a payment. The spec's deduct and PUT calls are kept as
 * routes so its client gets a clear refusal instead of a 404.
 */

export const DEDUCT_REFUSED =
  "Credits cannot be deducted directly: one is spent when an entry is accepted (POST /api/submissions)."
export const SET_REFUSED =
  "A plan or credits cannot be set directly: they change only through a payment or the monthly renewal."
export const PAID_TIER_REFUSED = "A paid plan starts only through a payment."

export const subscriptionRoutes = [
  route({
    method: "GET",
    path: "/api/subscription",
    tag: "subscription",
    summary:
      "Your plan and credits this month: {subscription: {tier, remaining_submissions, unlimited, renews_at}}. userId, if sent, must be your own",
    access: "member",
    okBody: SubscriptionAnswerBody,
    query: Schema.Struct({ userId: MemberIdField }),
    responses: { 403: "A userId that is not the signed-in member's" },
    handler: ({ query, caller }) =>
      Effect.gen(function* () {
        const member = yield* actingAs(caller, query.userId, "userId")
        return ok({ subscription: presentSubscription(yield* subscriptionAsOfNow(member.id)) })
      }),
  }),
  route({
    method: "POST",
    path: "/api/subscription/ensure-current",
    tag: "subscription",
    summary:
      "Makes sure you have a subscription (the free plan if you never had one, renewed if due) and returns it. It never sets a paid plan: tier may only be 'free', and a paid plan you hold is kept",
    access: "member",
    okBody: SubscriptionAnswerBody,
    body: Schema.Struct({
      userId: MemberIdField,
      tier: Schema.optional(Schema.Literals(TIERS)),
    }),
    responses: { 403: "A userId that is not yours, or a paid tier (bought only through payment)" },
    handler: ({ body, caller }) =>
      Effect.gen(function* () {
        const member = yield* actingAs(caller, body.userId, "userId")
        if (body.tier !== undefined && body.tier !== "free") {
          return yield* Effect.die(forbidden(PAID_TIER_REFUSED))
        }
        return ok({ subscription: presentSubscription(yield* subscriptionAsOfNow(member.id)) })
      }),
  }),
  route({
    method: "POST",
    path: "/api/subscription/cancel",
    tag: "subscription",
    summary:
      "Cancels your paid plan now: back to the free plan, with at most its allowance of this month's credits left; a plan bought through Stripe stops being charged. Answers {subscription}",
    access: "member",
    okBody: SubscriptionAnswerBody,
    responses: { 409: "You are on the free plan: nothing to cancel (NO_PAID_PLAN)" },
    handler: ({ caller }) =>
      Effect.gen(function* () {
        const member = yield* signedIn(caller)
        const subscription = yield* cancelPlan(member.id).pipe(
          Effect.catchTag("NoPaidPlan", (refusal) =>
            Effect.die(new HttpRefusal(409, refusal.code, refusal.message)),
          ),
        )
        return ok({ subscription: presentSubscription(subscription) })
      }),
  }),
  route({
    method: "POST",
    path: "/api/subscription/deduct",
    tag: "subscription",
    summary:
      "Always refused (403): a browser never spends credits. A credit is spent by the server, in the same transaction that accepts an entry (POST /api/submissions), so it cannot be spent twice or skipped",
    access: "member",
    body: Schema.Struct({ userId: MemberIdField }),
    responses: { 403: "Always: credits are spent only with an entry" },
    handler: ({ body, caller }) =>
      Effect.gen(function* () {
        yield* actingAs(caller, body.userId, "userId")
        return yield* Effect.die(forbidden(DEDUCT_REFUSED))
      }),
  }),
  route({
    method: "PUT",
    path: "/api/subscription",
    tag: "subscription",
    summary:
      "Always refused (403): a browser never sets its own plan or credits. A plan and extra credits are granted only when a payment is fulfilled, and credits renew on the 1st",
    access: "member",
    body: Schema.Struct({
      userId: MemberIdField,
      tier: Schema.optional(Schema.String.check(Schema.isMaxLength(40))),
      remaining_submissions: Schema.optional(Schema.Finite),
    }),
    responses: { 403: "Always: plans and credits change only through payment" },
    handler: ({ body, caller }) =>
      Effect.gen(function* () {
        yield* actingAs(caller, body.userId, "userId")
        return yield* Effect.die(forbidden(SET_REFUSED))
      }),
  }),
]
