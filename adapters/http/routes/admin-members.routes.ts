import { Effect, Schema } from "effect"
import {
  searchMembers,
  setAdminRole,
  setJudgeRole,
  setSuspension,
} from "../../../domain/accounts/member-admin.use-case.ts"
import { memberDossier } from "../../../domain/admin/dashboard.use-case.ts"
import { presentBadge, presentPayment, presentSubscription } from "../presenters.ts"
import { ok, route } from "../route.ts"
import { IdParams, PageQuery } from "../schemas.ts"
import { Line } from "./shared.ts"
import { actor, adminMembers, adminEntries, page } from "./admin-shared.ts"
import { AdminMemberBody, AdminMemberPageBody, MemberDetailBody } from "../admin.schema.ts"

/** The admin dashboard's members: search, a member's dossier, the admin role and suspension. Admins only, as every admin route (admin.routes.ts). */

export const adminMemberRoutes = [
  route({
    method: "GET",
    path: "/api/admin/members",
    tag: "admin",
    summary: "Members, newest first; q matches e-mail, username and names, case-insensitively",
    access: "admin",
    okBody: AdminMemberPageBody,
    query: Schema.Struct({ q: Schema.optional(Line(100)), ...PageQuery.fields }),
    handler: ({ query }) =>
      Effect.gen(function* () {
        const found = yield* searchMembers({
          text: query.q,
          cursor: query.cursor,
          limit: query.limit,
        })
        return page(yield* adminMembers(found.items), found.nextCursor)
      }),
  }),
  route({
    method: "GET",
    path: "/api/admin/members/:id",
    tag: "admin",
    summary: "One member: profile, plan, entries, votes given, payments and badges",
    access: "admin",
    okBody: MemberDetailBody,
    params: IdParams,
    responses: { 404: "No such member" },
    handler: ({ params }) =>
      Effect.gen(function* () {
        const dossier = yield* memberDossier(params.id)
        const [member] = yield* adminMembers([dossier.member])
        return ok({
          member,
          subscription: dossier.subscription && presentSubscription(dossier.subscription),
          entries: yield* adminEntries(dossier.entries),
          votesGiven: dossier.votesGiven.map((vote) => ({
            entryId: vote.entryId,
            contestId: vote.contestId,
            weight: vote.weight,
            at: new Date(vote.castAt).toISOString(),
          })),
          payments: dossier.payments.map((payment) => presentPayment(payment)),
          badges: dossier.badges.map(presentBadge),
        })
      }),
  }),
  route({
    method: "POST",
    path: "/api/admin/members/:id/admin",
    tag: "admin",
    summary: "Gives or takes the admin role (never your own: 409 SELF_DEMOTION)",
    access: "admin",
    okBody: AdminMemberBody,
    params: IdParams,
    body: Schema.Struct({ isAdmin: Schema.Boolean }),
    responses: { 404: "No such member", 409: "SELF_DEMOTION" },
    handler: ({ params, body, caller }) =>
      Effect.gen(function* () {
        const member = yield* setAdminRole(yield* actor(caller), params.id, body.isAdmin)
        const [shown] = yield* adminMembers([member])
        return ok(shown)
      }),
  }),
  route({
    method: "POST",
    path: "/api/admin/members/:id/judge",
    tag: "admin",
    summary:
      "Gives or takes the judge role: a judge writes professional feedback on Color Champ members' entries and sees the judging queue, and nothing else of the dashboard",
    access: "admin",
    okBody: AdminMemberBody,
    params: IdParams,
    body: Schema.Struct({ isJudge: Schema.Boolean }),
    responses: { 404: "No such member" },
    handler: ({ params, body, caller }) =>
      Effect.gen(function* () {
        const member = yield* setJudgeRole(yield* actor(caller), params.id, body.isJudge)
        const [shown] = yield* adminMembers([member])
        return ok(shown)
      }),
  }),
  route({
    method: "POST",
    path: "/api/admin/members/:id/suspension",
    tag: "admin",
    summary:
      "Suspends a member (sign-in refused, sessions ended, entries hidden) or lifts it (entries shown again)",
    access: "admin",
    okBody: AdminMemberBody,
    params: IdParams,
    body: Schema.Struct({ suspended: Schema.Boolean, reason: Schema.optional(Line(500)) }),
    responses: { 404: "No such member", 409: "SELF_SUSPENSION" },
    handler: ({ params, body, caller }) =>
      Effect.gen(function* () {
        const member = yield* setSuspension(yield* actor(caller), params.id, body)
        const [shown] = yield* adminMembers([member])
        return ok(shown)
      }),
  }),
]
