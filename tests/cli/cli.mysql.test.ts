import { describe, it } from "vitest"
import { describeCli } from "./support/cli-suite.ts"

/** The `colorday` CLI's behaviour checks on MySQL/MariaDB (cli.test.ts: on SQLite). */

if (process.env.MYSQL_URL) {
  describeCli("mysql")
} else {
  console.warn(
    "\n!!! MYSQL_URL is not set: the CLI suite runs on SQLite only. " +
      "Set MYSQL_URL=mysql://root@127.0.0.1:3306/test to run it on MySQL/MariaDB too (CI does).\n",
  )
  describe("colorday CLI [mysql]", () => {
    it.skip("needs MYSQL_URL", () => {})
  })
}
