import { globSync, readFileSync } from "node:fs"
import { lingui } from "@lingui/vite-plugin"
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from "vitest/config"
import DurationsReporter from "./tests/support/durations-reporter.ts"

/** The web apps' component tests: screens in a DOM, their API answered by msw. */
const WEB_TESTS = ["apps/**/*.test.tsx", "apps/**/*.test.ts"]
/**
 * A test file that replaces a module (`vi.mock`, directly or through the tailwind-merge counter)
 * or loads modules afresh (`vi.resetModules`): it needs a module graph of its own, which the
 * projects with `isolate: false` do not give (tests/lint/shared-module-graph.test.ts).
 */
export const REPLACES_MODULES = /\bvi\.(do)?[mM]ock\(|\bvi\.resetModules\(|tailwind-merge-builds/
/** Of the web tests, those files. */
const WEB_TESTS_MOCKING = globSync(WEB_TESTS, { exclude: ["**/node_modules/**"] }).filter((file) =>
  REPLACES_MODULES.test(readFileSync(file, "utf8")),
)
const webTests = {
  // Loading, empty, error and success states.
  environment: "jsdom",
  setupFiles: ["apps/web/src/test/setup.ts"],
  // Vitest empties CSS imports; the editor reads Tailwind's theme as text (class-css.ts).
  css: { include: [/tailwindcss\/theme\.css/] },
  testTimeout: 30_000,
} satisfies TestProjectInlineConfiguration["test"]

export default defineConfig({
  test: {
    // Two files at a time even on two cores (vitest's default there is one): most suites wait on
    // a database, a server or a child process, so the second worker halves the HTTP tier's time.
    maxWorkers: 2,
    // After the default summary, the 10 slowest files with their project and seconds.
    reporters: ["default", new DurationsReporter()],
    // `isolate: false` (unit, contract, http, cli, web): a worker runs its files one after another
    // in one module graph (and, for web, one jsdom) instead of importing the app afresh per file,
    // which was a third to a half of each tier's time. No file of these projects may replace a
    // module (tests/lint/shared-module-graph.test.ts); the web files that do run in web-isolated.
    projects: [
      {
        test: {
          name: "unit",
          isolate: false,
          include: [
            "domain/**/*.test.ts",
            "adapters/memory/**/*.test.ts",
            "adapters/crypto/**/*.test.ts",
            "adapters/geo/**/*.test.ts",
            "adapters/images/**/*.test.ts",
            "adapters/http/**/*.test.ts",
            "adapters/mail/**/*.test.ts",
            "adapters/shared/**/*.test.ts",
            "adapters/source/**/*.test.ts",
            "cli/**/*.test.ts",
            "tests/lint/**/*.test.ts",
            "tests/support/**/*.test.ts",
          ],
          // Hashing at OWASP's scrypt cost and whole-tree rewrites are slow on a loaded machine.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: "contract",
          isolate: false,
          include: ["tests/contract/**/*.test.ts"],
          // Real databases: SQLite files and fresh MySQL databases, created per suite.
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "http",
          isolate: false,
          include: ["tests/http/**/*.test.ts"],
          // Migrates a template database per backend once per run; each server starts on a copy.
          globalSetup: ["tests/http/support/global-setup.ts"],
          // A real server per suite, on a SQLite file or a fresh MySQL database.
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "cli",
          isolate: false,
          include: ["tests/cli/**/*.test.ts"],
          // Each test runs the CLI as a process many times over, against a real database.
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "cluster",
          include: ["tests/cluster/**/*.test.ts"],
          // Two `colorday serve` processes on one MariaDB database, s3rver and Redis (needs
          // MYSQL_URL's server, else mysql://root@127.0.0.1:3306, and REDIS_URL, else 127.0.0.1:6379).
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        // The apps import their catalogs compiled, as the build does (lingui.config.ts).
        plugins: [lingui()],
        test: {
          ...webTests,
          name: "web",
          include: WEB_TESTS,
          exclude: [...configDefaults.exclude, ...WEB_TESTS_MOCKING],
          // One jsdom and one module graph per worker, not per file: setting them up was 40 % of
          // the tier's time (181 s → about 60 s). The setup file puts the document and the
          // address back between files (apps/web/src/test/setup.ts).
          isolate: false,
        },
      },
      {
        plugins: [lingui()],
        test: {
          ...webTests,
          // Files that replace a module (vi.mock) or count what a first render builds: each needs
          // a module graph of its own.
          name: "web-isolated",
          include: WEB_TESTS_MOCKING,
        },
      },
      {
        test: {
          name: "frame",
          include: ["frame/**/*.test.ts"],
          // The script injected into the edited app: DOM rules in jsdom, time by hand.
          environment: "jsdom",
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          // Chromium against a real `colorday serve` per file; the global setup builds the web app
          // once (and, without Chromium, says how to get it). One file at a time, after the other
          // projects: a server and a browser are all a 2-core machine runs well (two of each, or
          // beside the other suites, starve each other into timeouts).
          globalSetup: ["tests/e2e/support/global-setup.ts"],
          fileParallelism: false,
          sequence: { groupOrder: 1 },
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
})
