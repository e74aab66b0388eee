import { Effect, Option } from "effect"
import { memberSettings } from "../../domain/accounts/member-settings.use-case.ts"
import { sessionMember } from "../../domain/accounts/sessions.use-case.ts"
import { hasTwoFactor } from "../../domain/accounts/two-factor.use-case.ts"
import type { SessionLookup } from "./app.ts"

/**
 * The cookie's token → the live session's member, through the domain's sessionMember; and
 * whether a member has two-factor sign-in on (REQUIRE_ADMIN_2FA); the member's language setting.
 */
export const sessionLookup = {
  resolve: (token: string) =>
    Effect.map(
      sessionMember(token),
      Option.map(({ member, session }) => ({ member, sessionId: session.id })),
    ),
  hasTwoFactor: (memberId: string) => hasTwoFactor(memberId),
  language: (memberId: string) =>
    memberSettings(memberId).pipe(
      Effect.map((settings) => settings.language),
      Effect.orElseSucceed(() => undefined),
    ),
} satisfies SessionLookup<
  | Effect.Services<ReturnType<typeof sessionMember>>
  | Effect.Services<ReturnType<typeof hasTwoFactor>>
  | Effect.Services<ReturnType<typeof memberSettings>>
>
