import { describe, expect, it } from "vitest"
import { fileNameFrom } from "./download.ts"

describe("fileNameFrom", () => {
  it("reads the quoted or bare file name", () => {
    expect(fileNameFrom('attachment; filename="colorday-owl.png"', "x.png")).toBe(
      "colorday-owl.png",
    )
    expect(fileNameFrom("attachment; filename=colorday-owl-a4.pdf", "x.pdf")).toBe(
      "colorday-owl-a4.pdf",
    )
  })

  it("prefers the encoded name", () => {
    expect(
      fileNameFrom(
        "attachment; filename=\"owl.png\"; filename*=UTF-8''%C3%A9t%C3%A9-owl.png",
        "x.png",
      ),
    ).toBe("été-owl.png")
  })

  it("falls back when the server named nothing", () => {
    expect(fileNameFrom(null, "line-art.png")).toBe("line-art.png")
    expect(fileNameFrom("attachment", "line-art.png")).toBe("line-art.png")
  })
})
