import { EntitySchema } from "typeorm"
import { instant, ref, text } from "./table-columns.ts"

/** The browsers each member has signed in from (issue 24, login notifications). */

export interface KnownDeviceRow {
  memberId: string
  deviceHash: string
  firstSeenAt: number
}

/** One row per member and device cookie (its SHA-256: the cookie itself is never stored). */
export const KnownDeviceTable = new EntitySchema<KnownDeviceRow>({
  name: "KnownDevice",
  tableName: "known_devices",
  columns: {
    memberId: { ...ref("member_id"), primary: true },
    deviceHash: { ...text("device_hash", 64), primary: true },
    firstSeenAt: instant("first_seen_at"),
  },
  foreignKeys: [
    {
      name: "FK_known_devices_member",
      target: "Member",
      columnNames: ["member_id"],
      referencedColumnNames: ["id"],
      onDelete: "CASCADE",
    },
  ],
})
