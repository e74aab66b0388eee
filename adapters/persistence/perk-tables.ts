import { EntitySchema } from "typeorm"
import { id, instant, longText, ref, text } from "./table-columns.ts"

/** Tier perks (issue 19, migration PerkPages): the weekly premium pages and custom line art requests. */

export interface PremiumPageRow {
  week: string
  title: string
  lineArt: string
  uploadedBy: string | null
  uploadedAt: number
}

/** One page per ISO week ("2026-W48"): the week is the key, so a second upload replaces it. */
export const PremiumPageTable = new EntitySchema<PremiumPageRow>({
  name: "PremiumPage",
  tableName: "premium_pages",
  columns: {
    week: { ...text("week", 8), primary: true },
    title: text("title", 120),
    lineArt: text("line_art", 255),
    // No foreign key: the page stays when the admin's account is deleted.
    uploadedBy: ref("uploaded_by", true),
    uploadedAt: instant("uploaded_at"),
  },
})

export interface LineArtRequestRow {
  id: string
  memberId: string
  brief: string
  reference: string | null
  status: string
  declineReason: string | null
  contestId: string | null
  createdAt: number
  updatedAt: number
}

export const LineArtRequestTable = new EntitySchema<LineArtRequestRow>({
  name: "LineArtRequest",
  tableName: "line_art_requests",
  columns: {
    id: id(),
    memberId: ref("member_id"),
    brief: longText("brief"),
    reference: text("reference", 255, true),
    status: text("status", 16),
    declineReason: longText("decline_reason", true),
    // No foreign key: the request keeps the contest's id even if the contest is removed.
    contestId: ref("contest_id", true),
    createdAt: instant("created_at"),
    updatedAt: instant("updated_at"),
  },
  indices: [
    { name: "IDX_line_art_requests_member", columns: ["memberId", "createdAt"] },
    { name: "IDX_line_art_requests_status", columns: ["status", "createdAt"] },
  ],
  foreignKeys: [
    {
      name: "FK_line_art_requests_member",
      target: "Member",
      columnNames: ["member_id"],
      referencedColumnNames: ["id"],
      onDelete: "CASCADE",
    },
  ],
})
