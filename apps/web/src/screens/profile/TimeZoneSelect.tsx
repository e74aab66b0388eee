import {
  SETTINGS_TIME_ZONES,
  timeZoneChoices,
} from "../../../../../domain/accounts/member-settings.ts"

/** "America/Argentina/Buenos_Aires" → "America"; a zone without a region ("UTC") → "Other". */
const regionOf = (zone: string): string =>
  zone.includes("/") ? (zone.split("/")[0] ?? "") : "Other"

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
  const spec = new Set<string>(SETTINGS_TIME_ZONES.map((timeZone) => timeZone.zone))
  const regions = new Map<string, Array<{ zone: string; label: string }>>()
  for (const choice of timeZoneChoices(value)) {
    if (spec.has(choice.zone)) continue
    const region = regionOf(choice.zone)
    regions.set(region, [...(regions.get(region) ?? []), choice])
  }
  return (
    <div className="flex flex-col gap-1 py-3">
      <label htmlFor={id} className="font-medium text-slate-900">
        Timezone
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="w-full max-w-xs rounded-control border border-input bg-background px-3 py-2 text-sm text-foreground"
      >
        <optgroup label="Common time zones">
          {SETTINGS_TIME_ZONES.map((timeZone) => (
            <option key={timeZone.zone} value={timeZone.zone}>
              {timeZone.label}
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
