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
            "tests/lint/**/*.test.ts",
          ],
        },
      },
    ],
  },
})
