import { Context, type Effect, type Option } from "effect"
import type { MemberId } from "../shared/ids.ts"
import type { LineArtRequest, RequestStatus } from "./line-art-request.entity.ts"

/** Custom line art requests. */
export class LineArtRequestRepository extends Context.Service<
  LineArtRequestRepository,
  {
    readonly create: (request: LineArtRequest) => Effect.Effect<void>
    /** The request, its row locked for the rest of the transaction (an admin step reads then writes). */
    readonly lock: (id: string) => Effect.Effect<Option.Option<LineArtRequest>>
    readonly save: (request: LineArtRequest) => Effect.Effect<void>
    /** A member's requests, newest first. */
    readonly ofMember: (memberId: MemberId) => Effect.Effect<ReadonlyArray<LineArtRequest>>
    /** Requests with one of these statuses, oldest first (the admin's queue). */
    readonly withStatus: (
      statuses: ReadonlyArray<RequestStatus>,
    ) => Effect.Effect<ReadonlyArray<LineArtRequest>>
  }
>()("colorday/LineArtRequestRepository") {}
