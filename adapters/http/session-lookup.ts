import { Effect, Option } from "effect"
import { sessionMember } from "../../domain/accounts/sessions.use-case.ts"
import type { SessionLookup } from "./app.ts"

/** The cookie's token → the live session's member, through the domain's sessionMember. */
export const sessionLookup = {
  resolve: (token: string) =>
    Effect.map(
      sessionMember(token),
      Option.map(({ member, session }) => ({ member, sessionId: session.id })),
    ),
} satisfies SessionLookup<Effect.Services<ReturnType<typeof sessionMember>>>
