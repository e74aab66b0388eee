import { describe, expect, it } from "vitest"
import { FileVersions } from "./file-versions.ts"

const APP = "src/App.tsx"

describe("the file versions an edit says it saw", () => {
  it("knows none before the canvas or an edit tells", () => {
    expect(new FileVersions().hashes()).toBeUndefined()
  })

  it("takes this editor's own writes, and a version changed on disk that the nav tree shows", () => {
    const versions = new FileVersions()
    versions.wrote([{ path: APP, fileHash: "h1" }])
    expect(versions.hashes()).toEqual({ [APP]: "h1" })
    versions.seen({ [APP]: "on-disk", "src/Other.tsx": "o1", bad: 42 })
    expect(versions.hashes()).toEqual({ [APP]: "on-disk", "src/Other.tsx": "o1" })
  })

  it("ignores a nav tree that arrives late with an older version this editor wrote", () => {
    const versions = new FileVersions()
    versions.wrote([{ path: APP, fileHash: "h1" }])
    versions.wrote([{ path: APP, fileHash: "h2" }])
    versions.seen({ [APP]: "h1" })
    expect(versions.hashes()).toEqual({ [APP]: "h2" })
    // An undo writes h1 again: now it is the newest.
    versions.wrote([{ path: APP, fileHash: "h1" }])
    versions.seen({ [APP]: "h2" })
    expect(versions.hashes()).toEqual({ [APP]: "h1" })
  })
})
