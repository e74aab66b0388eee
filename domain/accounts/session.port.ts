import { Context, type Effect, type Option } from "effect"
import type { Instant, MemberId } from "../shared/ids.ts"
import type { Member } from "./member.entity.ts"
import type { Session } from "./session.entity.ts"

/** Sessions by id (the digest of the cookie token). */
export class SessionRepository extends Context.Service<
  SessionRepository,
  {
    readonly create: (session: Session) => Effect.Effect<void>
    readonly find: (id: string) => Effect.Effect<Option.Option<Session>>
    /**
     * A session and its member in one read (every signed-in request asks: one statement, one
     * round trip on MySQL); the member is null when their row is gone.
     */
    readonly findWithMember: (
      id: string,
    ) => Effect.Effect<Option.Option<{ readonly session: Session; readonly member: Member | null }>>
    /** Records a use of the session and its new expiry; nothing happens for an unknown id. */
    readonly touch: (id: string, lastSeenAt: Instant, expiresAt: Instant) => Effect.Effect<void>
    /** Ends one session; ending an unknown one is not an error. */
    readonly delete: (id: string) => Effect.Effect<void>
    /** Every session of a member, newest first (what "download my data" lists). */
    readonly ofMember: (memberId: MemberId) => Effect.Effect<ReadonlyArray<Session>>
    /** Ends every session of a member, except `exceptId` when given (the one making the change). */
    readonly deleteAllOf: (memberId: MemberId, exceptId?: string) => Effect.Effect<void>
  }
>()("colorday/SessionRepository") {}
