import { afterEach, describe, expect, it } from "vitest"
import { activateLanguage } from "../../../ui/src/i18n.tsx"
import { dollars } from "./dates.ts"

describe("dollars: money as every dashboard page writes it", () => {
  afterEach(async () => {
    await activateLanguage("en")
  })

  it("writes whole dollars without cents and other amounts with them, in English", async () => {
    await activateLanguage("en")
    expect(dollars(25)).toBe("$25")
    expect(dollars(4.99)).toBe("$4.99")
    expect(dollars(4.9)).toBe("$4.90")
    expect(dollars(1234.5)).toBe("$1,234.50")
  })

  it("writes the page's language's own currency format, by the same rule", async () => {
    await activateLanguage("de")
    expect(dollars(25)).toBe("25\u00a0$")
    expect(dollars(4.99)).toBe("4,99\u00a0$")
  })
})
