import { describe, it } from "vitest"
import { describeBadInputSweep } from "./support/bad-input-sweep.ts"
import { MYSQL_URL } from "./support/server.ts"

/** The bad-input sweep (support/bad-input-sweep.ts) on MySQL/MariaDB, when MYSQL_URL is set. */

if (MYSQL_URL) {
  describeBadInputSweep("mysql")
} else {
  describe("the bad-input sweep on mysql", () => {
    it.skip("needs MYSQL_URL", () => {})
  })
}
