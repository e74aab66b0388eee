import "./catalog.ts"
import {
  SETTINGS_TIME_ZONES,
  timeZoneChoices,
} from "../../../../../domain/accounts/member-settings.ts"
import { useT, type Translate } from "../../../../ui/src/i18n.tsx"

/** IANA's regions, named in the page's language (a region IANA may add later: as IANA names it). */
const REGION_LABEL: Readonly<Record<string, string>> = {
  Africa: "web.settings.timeZone.region.africa",
  America: "web.settings.timeZone.region.america",
  Antarctica: "web.settings.timeZone.region.antarctica",
  Arctic: "web.settings.timeZone.region.arctic",
  Asia: "web.settings.timeZone.region.asia",
  Atlantic: "web.settings.timeZone.region.atlantic",
  Australia: "web.settings.timeZone.region.australia",
  Europe: "web.settings.timeZone.region.europe",
  Indian: "web.settings.timeZone.region.indian",
  Pacific: "web.settings.timeZone.region.pacific",
}

/** "America/Argentina/Buenos_Aires" → "America"; a zone without a region ("UTC") → "Other". */
const regionOf = (zone: string, t: Translate): string => {
  if (!zone.includes("/")) return t("web.settings.timeZone.other")
  const region = zone.split("/")[0] ?? ""
  const label = REGION_LABEL[region]
  return label === undefined ? region : t(label)
}

/** The spec's four zones, named in the page's language. */
const SPEC_ZONE_LABEL: Readonly<Record<(typeof SETTINGS_TIME_ZONES)[number]["zone"], string>> = {
  UTC: "web.settings.timeZone.utc",
  "America/New_York": "web.settings.timeZone.eastern",
  "America/Los_Angeles": "web.settings.timeZone.pacific",
  "Europe/Berlin": "web.settings.timeZone.centralEuropean",
}

/**
 * The Settings tab's time zone: a native select (typing a name jumps to it) with the spec's four
 * first, then every IANA zone the browser knows, grouped by region.
 */
export const TimeZoneSelect = ({
  id,
  value,
  onChange,
}: {
  readonly id: string
  readonly value: string
  readonly onChange: (timeZone: string) => void
}) => {
  const t = useT()
  const spec = new Set<string>(SETTINGS_TIME_ZONES.map((timeZone) => timeZone.zone))
  const regions = new Map<string, Array<{ zone: string; label: string }>>()
  for (const choice of timeZoneChoices(value)) {
    if (spec.has(choice.zone)) continue
    const region = regionOf(choice.zone, t)
    regions.set(region, [...(regions.get(region) ?? []), choice])
  }
  return (
    <div className="flex flex-col gap-1 py-3">
      <label htmlFor={id} className="font-medium text-slate-900">
        {t("web.settings.timeZone.label")}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="w-full max-w-xs rounded-control border border-input bg-background px-3 py-2 text-sm text-foreground"
      >
        <optgroup label={t("web.settings.timeZone.common")}>
          {SETTINGS_TIME_ZONES.map((timeZone) => (
            <option key={timeZone.zone} value={timeZone.zone}>
              {t(SPEC_ZONE_LABEL[timeZone.zone])}
            </option>
          ))}
        </optgroup>
        {[...regions].map(([region, zones]) => (
          <optgroup key={region} label={region}>
            {zones.map((choice) => (
              <option key={choice.zone} value={choice.zone}>
                {choice.label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </div>
  )
}
