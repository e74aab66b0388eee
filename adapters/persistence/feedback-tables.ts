import { EntitySchema } from "typeorm"
import { id, instant, longText, ref } from "./table-columns.ts"

/** Professional feedback and the Spotlight (migration JudgesFeedbackSpotlight, issue 19). */

export interface EntryFeedbackRow {
  id: string
  entryId: string
  judgeId: string
  text: string
  createdAt: number
  updatedAt: number
}

/** One row per judge and entry (the unique key); gone with its entry. */
export const EntryFeedbackTable = new EntitySchema<EntryFeedbackRow>({
  name: "EntryFeedback",
  tableName: "entry_feedback",
  columns: {
    id: id(),
    entryId: ref("entry_id"),
    // No foreign key: feedback keeps its judge's id after the account is deleted.
    judgeId: ref("judge_id"),
    text: longText("text"),
    createdAt: instant("created_at"),
    updatedAt: instant("updated_at"),
  },
  uniques: [{ name: "UQ_entry_feedback_entry_judge", columns: ["entryId", "judgeId"] }],
  foreignKeys: [
    {
      name: "FK_entry_feedback_entry",
      target: "Entry",
      columnNames: ["entry_id"],
      referencedColumnNames: ["id"],
      onDelete: "CASCADE",
    },
  ],
})

export interface SpotlightRow {
  id: string
  entryId: string
  startsAt: number
  endsAt: number
  createdBy: string | null
  createdAt: number
}

/** The home page's Spotlight: an entry featured from starts_at until ends_at. */
export const SpotlightTable = new EntitySchema<SpotlightRow>({
  name: "Spotlight",
  tableName: "spotlights",
  columns: {
    id: id(),
    entryId: ref("entry_id"),
    startsAt: instant("starts_at"),
    endsAt: instant("ends_at"),
    createdBy: ref("created_by", true),
    createdAt: instant("created_at"),
  },
  indices: [{ name: "IDX_spotlights_ends_at", columns: ["endsAt"] }],
  foreignKeys: [
    {
      name: "FK_spotlights_entry",
      target: "Entry",
      columnNames: ["entry_id"],
      referencedColumnNames: ["id"],
      onDelete: "CASCADE",
    },
  ],
})
