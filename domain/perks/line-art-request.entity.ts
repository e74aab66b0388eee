import type { ValidationIssue } from "../shared/errors.ts"
import type { ContestId, Instant, MemberId } from "../shared/ids.ts"

/**
 * A Color Champ member's request for a custom line art page, and what the admin did with it:
 * open → accepted → fulfilled (a contest scheduled with that page), or declined with a reason
 * (from open or accepted). Fulfilled and declined are final.
 */
export const REQUEST_STATUSES = ["open", "accepted", "declined", "fulfilled"] as const
export type RequestStatus = (typeof REQUEST_STATUSES)[number]

export interface LineArtRequest {
  readonly id: string
  readonly memberId: MemberId
  readonly brief: string
  /** Storage key of the member's reference picture, if they sent one. */
  readonly reference: string | null
  readonly status: RequestStatus
  /** Why the admin declined it; null unless declined. */
  readonly declineReason: string | null
  /** The contest that carries the page; null until fulfilled. */
  readonly contestId: ContestId | null
  readonly createdAt: Instant
  readonly updatedAt: Instant
}

export const BRIEF_MIN = 10
export const BRIEF_MAX = 1000
export const REASON_MAX = 500

/** A member has at most one request waiting on the admin (open or accepted) at a time. */
export const isUnresolved = (request: Pick<LineArtRequest, "status">): boolean =>
  request.status === "open" || request.status === "accepted"

export const briefIssues = (brief: string): ReadonlyArray<ValidationIssue> => {
  const length = brief.trim().length
  if (length < BRIEF_MIN) {
    return [
      {
        field: "brief",
        title: "Brief too short",
        message: `Describe the page you want in at least ${BRIEF_MIN} characters (${length} given)`,
      },
    ]
  }
  if (length > BRIEF_MAX) {
    return [
      {
        field: "brief",
        title: "Brief too long",
        message: `A brief has at most ${BRIEF_MAX} characters (${length} given)`,
      },
    ]
  }
  return []
}

/** What the admin does to a request. */
export type RequestAction =
  | { readonly kind: "accept" }
  | { readonly kind: "decline"; readonly reason: string }
  | { readonly kind: "fulfil"; readonly contestId: ContestId }

const ALLOWED: { readonly [K in RequestAction["kind"]]: ReadonlyArray<RequestStatus> } = {
  accept: ["open"],
  decline: ["open", "accepted"],
  fulfil: ["open", "accepted"],
}

const VERB: { readonly [K in RequestAction["kind"]]: string } = {
  accept: "accepted",
  decline: "declined",
  fulfil: "fulfilled",
}

/**
 * The request after `action` at `now`, or the issues that refuse it: a step from a status it
 * cannot be taken from (a declined request cannot be fulfilled), or a decline without a reason.
 */
export const applyAction = (
  request: LineArtRequest,
  action: RequestAction,
  now: Instant,
):
  | { readonly ok: true; readonly request: LineArtRequest }
  | { readonly ok: false; readonly issues: ReadonlyArray<ValidationIssue> } => {
  if (!ALLOWED[action.kind].includes(request.status)) {
    return {
      ok: false,
      issues: [
        {
          field: "status",
          title: "Not possible now",
          message: `This request is ${request.status}; only ${ALLOWED[action.kind].join(" or ")} requests can be ${VERB[action.kind]}`,
        },
      ],
    }
  }
  switch (action.kind) {
    case "accept":
      return { ok: true, request: { ...request, status: "accepted", updatedAt: now } }
    case "decline": {
      const reason = action.reason.trim()
      if (reason.length === 0 || reason.length > REASON_MAX) {
        return {
          ok: false,
          issues: [
            {
              field: "reason",
              title: reason.length === 0 ? "Reason required" : "Reason too long",
              message:
                reason.length === 0
                  ? "Say why the request is declined: the member is mailed the reason"
                  : `A reason has at most ${REASON_MAX} characters`,
            },
          ],
        }
      }
      return {
        ok: true,
        request: { ...request, status: "declined", declineReason: reason, updatedAt: now },
      }
    }
    case "fulfil":
      return {
        ok: true,
        request: { ...request, status: "fulfilled", contestId: action.contestId, updatedAt: now },
      }
  }
}
