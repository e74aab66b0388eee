import { Context, type Effect, type Option } from "effect"
import type { Instant, MemberId } from "../shared/ids.ts"
import type { MemberSettings } from "./member-settings.ts"

/** Each member's saved settings; a member who never saved any has none (the defaults apply). */
export class MemberSettingsRepository extends Context.Service<
  MemberSettingsRepository,
  {
    readonly find: (memberId: MemberId) => Effect.Effect<Option.Option<MemberSettings>>
    /** Replaces the member's settings (saved at `at`). */
    readonly save: (
      memberId: MemberId,
      settings: MemberSettings,
      at: Instant,
    ) => Effect.Effect<void>
  }
>()("colorday/MemberSettingsRepository") {}
