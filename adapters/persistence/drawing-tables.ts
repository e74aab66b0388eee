import { EntitySchema } from "typeorm"
import { id, instant, int, longText, ref, text } from "./table-columns.ts"

/** The monthly drawings and their free-route entries (migration 9). */

export interface DrawingRow {
  id: string
  month: string
  tier: string
  prizeCents: number
  status: string
  commitment: string
  /** Secret until the draw; the adapters never show it, the domain decides who sees it. */
  seed: string
  /** The entrant ids as a JSON array, in the draw's order; null until the draw. */
  entrants: string | null
  listHash: string | null
  winnerId: string | null
  committedAt: number
  drawnAt: number | null
  paidAt: number | null
}

export const DrawingTable = new EntitySchema<DrawingRow>({
  name: "Drawing",
  tableName: "drawings",
  columns: {
    id: id(),
    month: text("month", 7),
    tier: text("tier", 16),
    prizeCents: int("prize_cents"),
    status: text("status", 16),
    commitment: text("commitment", 64),
    seed: text("seed", 64),
    entrants: longText("entrants", true),
    listHash: text("list_hash", 64, true),
    // No foreign key: a drawing keeps its winner's id even after the account is deleted.
    winnerId: ref("winner_id", true),
    committedAt: instant("committed_at"),
    drawnAt: instant("drawn_at", true),
    paidAt: instant("paid_at", true),
  },
  // One drawing per month and tier, whoever commits it.
  uniques: [{ name: "UQ_drawings_month_tier", columns: ["month", "tier"] }],
})

export interface DrawingEntryRow {
  memberId: string
  month: string
  requestedAt: number
}

/** A free-route entry: the primary key is the one-a-member-a-month rule. */
export const DrawingEntryTable = new EntitySchema<DrawingEntryRow>({
  name: "DrawingEntry",
  tableName: "drawing_entries",
  columns: {
    memberId: id("member_id"),
    month: { ...text("month", 7), primary: true },
    requestedAt: instant("requested_at"),
  },
  indices: [{ name: "IDX_drawing_entries_month", columns: ["month"] }],
  foreignKeys: [
    {
      name: "FK_drawing_entries_member",
      target: "Member",
      columnNames: ["member_id"],
      referencedColumnNames: ["id"],
      onDelete: "CASCADE",
    },
  ],
})
