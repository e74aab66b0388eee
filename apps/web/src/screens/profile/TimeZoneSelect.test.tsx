import { render, screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { describe, expect, it, vi } from "vitest"
import { TimeZoneSelect } from "./TimeZoneSelect.tsx"

const select = () => screen.getByRole<HTMLSelectElement>("combobox", { name: "Timezone" })
const values = () => Array.from(select().options, (option) => option.value)

describe("TimeZoneSelect (Settings → Timezone)", () => {
  it("lists the spec's four first, under their names, then every zone the browser knows", () => {
    render(<TimeZoneSelect id="zone" value="UTC" onChange={() => undefined} />)
    expect(values().slice(0, 4)).toEqual([
      "UTC",
      "America/New_York",
      "America/Los_Angeles",
      "Europe/Berlin",
    ])
    expect(Array.from(select().options, (option) => option.text).slice(0, 4)).toEqual([
      "UTC",
      "Eastern Time",
      "Pacific Time",
      "Central European Time",
    ])
    for (const zone of Intl.supportedValuesOf("timeZone")) expect(values()).toContain(zone)
    // Each zone once: the four are not repeated in their regions.
    expect(new Set(values()).size).toBe(values().length)
    const asia = screen.getByRole("group", { name: "Asia" })
    expect(within(asia).getByRole("option", { name: "Asia/Tokyo" })).toBeTruthy()
  })

  it("hands the chosen IANA zone back", async () => {
    const onChange = vi.fn()
    render(<TimeZoneSelect id="zone" value="UTC" onChange={onChange} />)
    await userEvent.selectOptions(select(), "Asia/Tokyo")
    expect(onChange).toHaveBeenCalledWith("Asia/Tokyo")
  })

  it("shows the member's saved zone as chosen, with the underscores read as spaces", () => {
    render(
      <TimeZoneSelect
        id="zone"
        value="America/Argentina/Buenos_Aires"
        onChange={() => undefined}
      />,
    )
    expect(select().value).toBe("America/Argentina/Buenos_Aires")
    expect(select().selectedOptions[0]?.text).toBe("America/Argentina/Buenos Aires")
  })
})
