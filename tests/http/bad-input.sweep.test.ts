import { describeBadInputSweep } from "./support/bad-input-sweep.ts"

/**
 * The bad-input sweep (support/bad-input-sweep.ts) on SQLite; bad-input.sweep.mysql.test.ts runs
 * it on MySQL/MariaDB, in a file of its own so the two run side by side.
 */

describeBadInputSweep("sqlite")
