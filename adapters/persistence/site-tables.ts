import { EntitySchema } from "typeorm"
import { instant, longText, text } from "./table-columns.ts"

/** The site's settings the admin changes (migration 11): one row per setting, its value as JSON. */
export interface SiteSettingRow {
  name: string
  value: string
  updatedAt: number
}

export const SiteSettingTable = new EntitySchema<SiteSettingRow>({
  name: "SiteSetting",
  tableName: "site_settings",
  columns: {
    name: { ...text("name", 64), primary: true },
    value: longText("value"),
    updatedAt: instant("updated_at"),
  },
})
