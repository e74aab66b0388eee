import { Data } from "effect"
import type { MemberId } from "../shared/ids.ts"

/** No entry credit left this month (HTTP 402 with the spec's upgrade message). */
export class OutOfSubmissions extends Data.TaggedError("OutOfSubmissions")<{
  readonly memberId: MemberId
}> {
  readonly code = "OUT_OF_SUBMISSIONS"
  override get message() {
    return "You've run out of submissions, upgrade for more"
  }
}
