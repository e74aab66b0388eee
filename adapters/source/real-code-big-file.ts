/**
 * The real-code corpus's largest file (issue 18 §4): over 5,000 lines put together from the
 * corpus's own parts (fixtures/real-code), card.tsx's and leaderboard's components again and
 * again, each copy's top-level names suffixed so that every copy declares its own. The corpus
 * property test and `npm run bench -- editor` both edit it.
 */
import { readFile } from "node:fs/promises"
import { join } from "node:path"

export const REAL_CODE_FIXTURES = join(import.meta.dirname, "../../fixtures/real-code")
export const BIG_FILE_NAME = "big-catalog.tsx"

/** The big file from card.tsx's and the leaderboard's texts (line feeds only). */
export const bigFile = (card: string, leaderboard: string) => {
  const body = (text: string) =>
    text
      .split("\n")
      .filter((line) => !/^import /.test(line) && !/^export \{/.test(line))
      .join("\n")
      .replace(/export default function/g, "export function")
  const parts = body(card) + body(leaderboard)
  const names = [...parts.matchAll(/^(?:export )?(?:function|const|interface|type) (\w+)/gm)].map(
    (match) => match[1]!,
  )
  const copies: string[] = []
  for (let n = 1; copies.join("\n").split("\n").length < 5_200; n += 1) {
    copies.push(parts.replace(new RegExp(`\\b(${names.join("|")})\\b`, "g"), `$1_${n}`))
  }
  return [
    `import * as React from "react"`,
    `import { Fragment, useMemo, useState } from "react"`,
    `import { Slot } from "@radix-ui/react-slot"`,
    `import { cva, type VariantProps } from "class-variance-authority"`,
    `import { cn } from "@/lib/utils"`,
    ...copies,
  ].join("\n")
}

/** The big file, built from the fixtures on disk. */
export const readBigFile = async () =>
  bigFile(
    await readFile(join(REAL_CODE_FIXTURES, "card.tsx"), "utf8"),
    (await readFile(join(REAL_CODE_FIXTURES, "leaderboard.crlf.tsx"), "utf8")).replace(
      /\r\n/g,
      "\n",
    ),
  )
