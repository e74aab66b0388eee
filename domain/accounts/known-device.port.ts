import { Context, type Effect } from "effect"
import type { Instant, MemberId } from "../shared/ids.ts"

/**
 * The browsers each member has signed in from, by the digest of their long-lived device cookie
 * (login notifications, issue 24).
 */
export class KnownDeviceRepository extends Context.Service<
  KnownDeviceRepository,
  {
    /** Whether the member has signed in from any browser yet. */
    readonly any: (memberId: MemberId) => Effect.Effect<boolean>
    /**
     * Remembers the device for the member. True when this call added it; false when it was known
     * already, so of two racing sign-ins from one new browser exactly one sees it as new.
     */
    readonly remember: (
      memberId: MemberId,
      deviceHash: string,
      at: Instant,
    ) => Effect.Effect<boolean>
  }
>()("colorday/KnownDeviceRepository") {}
