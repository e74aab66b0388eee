import { defineConfig } from "vitest/config"

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "domain/**/*.test.ts",
            "adapters/memory/**/*.test.ts",
            "adapters/crypto/**/*.test.ts",
            "adapters/images/**/*.test.ts",
            "adapters/mail/**/*.test.ts",
            "cli/**/*.test.ts",
            "tests/lint/**/*.test.ts",
          ],
        },
      },
      {
        test: {
          name: "contract",
          include: ["tests/contract/**/*.test.ts"],
          // Real databases: SQLite files and fresh MySQL databases, created per suite.
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "http",
          include: ["tests/http/**/*.test.ts"],
          // A real server per suite, on a SQLite file or a fresh MySQL database.
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "cli",
          include: ["tests/cli/**/*.test.ts"],
          // Each test runs the CLI as a process many times over, against a real database.
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "web",
          include: ["apps/**/*.test.tsx", "apps/**/*.test.ts"],
          // Screens in a DOM, their API answered by msw: loading, empty, error and success states.
          environment: "jsdom",
          setupFiles: ["apps/web/src/test/setup.ts"],
          testTimeout: 30_000,
        },
      },
    ],
  },
})
