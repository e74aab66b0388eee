import { Schema } from "effect"
import type { ShownFeedback } from "../../domain/feedback/feedback.use-case.ts"
import type { Spotlight } from "../../domain/spotlight/spotlight.entity.ts"
import { spotlightStatus } from "../../domain/spotlight/spotlight.entity.ts"
import type { Entry } from "../../domain/submissions/entry.entity.ts"
import { EntryBody } from "./contest.schema.ts"
import { presentEntry } from "./presenters.ts"

/** The bodies of professional feedback and the Spotlight (issue 19). */

export const FeedbackBody = Schema.Struct({
  id: Schema.String,
  entryId: Schema.String,
  /** The judge's username. */
  judgeName: Schema.String,
  text: Schema.String,
  createdAt: Schema.String,
  updatedAt: Schema.String,
  /** Written by the signed-in member (a judge may rewrite their own). */
  mine: Schema.Boolean,
}).annotate({ identifier: "Feedback" })

export const EntryFeedbackBody = Schema.Struct({
  items: Schema.Array(FeedbackBody),
  /** The signed-in member may write (or rewrite) feedback on this entry now. */
  canWrite: Schema.Boolean,
  /** The entry's artist is on a plan with professional feedback. */
  offered: Schema.Boolean,
}).annotate({ identifier: "EntryFeedback" })

export const GivenFeedbackBody = Schema.Struct({
  feedback: FeedbackBody,
  /** False when the judge's own feedback was rewritten (no new mail). */
  created: Schema.Boolean,
}).annotate({ identifier: "GivenFeedback" })

export const JudgingQueueBody = Schema.Array(
  Schema.Struct({ entry: EntryBody, contestTitle: Schema.String }),
).annotate({ identifier: "JudgingQueue" })

export const SpotlightBody = Schema.Struct({
  id: Schema.String,
  startsAt: Schema.String,
  endsAt: Schema.String,
  status: Schema.Literals(["upcoming", "active", "ended"]),
  entry: EntryBody,
}).annotate({ identifier: "Spotlight" })

export const SpotlightListBody = Schema.Array(SpotlightBody).annotate({
  identifier: "SpotlightList",
})

const iso = (at: number) => new Date(at).toISOString()

export const presentFeedback = (shown: ShownFeedback): typeof FeedbackBody.Type => ({
  id: shown.feedback.id,
  entryId: shown.feedback.entryId,
  judgeName: shown.judgeName,
  text: shown.feedback.text,
  createdAt: iso(shown.feedback.createdAt),
  updatedAt: iso(shown.feedback.updatedAt),
  mine: shown.mine,
})

export const presentSpotlight = (
  { spotlight, entry }: { readonly spotlight: Spotlight; readonly entry: Entry },
  now: number,
): typeof SpotlightBody.Type => ({
  id: spotlight.id,
  startsAt: iso(spotlight.startsAt),
  endsAt: iso(spotlight.endsAt),
  status: spotlightStatus(spotlight, now),
  entry: presentEntry(entry),
})
