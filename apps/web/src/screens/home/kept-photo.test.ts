import { describe, expect, it } from "vitest"
import { KEPT_FOR_MS, keepPhoto, takeKeptPhoto } from "./kept-photo.ts"

describe("a photo kept across a checkout", () => {
  const photo = () =>
    new File([new Uint8Array([0xff, 0xd8, 0xff, 7, 8])], "page.jpg", { type: "image/jpeg" })

  it("comes back once, as it was, for its contest only", async () => {
    await keepPhoto("contest-1", photo(), 1_000)
    expect(await takeKeptPhoto("contest-2", 2_000)).toBeNull()
    const back = await takeKeptPhoto("contest-1", 2_000)
    expect(back?.name).toBe("page.jpg")
    expect(back?.type).toBe("image/jpeg")
    expect([...new Uint8Array((await back?.arrayBuffer()) ?? new ArrayBuffer(0))]).toEqual([
      0xff, 0xd8, 0xff, 7, 8,
    ])
    expect(await takeKeptPhoto("contest-1", 3_000)).toBeNull()
  })

  it("is dropped after a day", async () => {
    await keepPhoto("contest-1", photo(), 0)
    expect(await takeKeptPhoto("contest-1", KEPT_FOR_MS + 1)).toBeNull()
  })
})
