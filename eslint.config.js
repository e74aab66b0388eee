import js from "@eslint/js"
import globals from "globals"
import tseslint from "typescript-eslint"
import { layerRules } from "./eslint.layers.js"

export default tseslint.config(
  {
    ignores: [
      "node_modules",
      "dist",
      "data",
      "apps/*/dist",
      "frame/dist",
      "coverage",
      "fixtures/*",
      // Demo data is ignored, but the scripts that draw the demo images and the upload fixtures
      // are code like any other.
      "!fixtures/generate-images.ts",
      "!fixtures/generate-uploads.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        projectService: { allowDefaultProject: ["*.js"] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
      "@typescript-eslint/switch-exhaustiveness-check": [
        "error",
        { considerDefaultExhaustiveForUnions: true },
      ],
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      // Effect generators yield services; `require-yield` misfires on Effect.gen helpers without yields.
      "require-yield": "off",
    },
  },
  {
    // HTTP tests read JSON off the wire: untyped by nature, asserted on by the test itself.
    files: ["tests/http/**/*.ts"],
    rules: {
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-return": "off",
    },
  },
  {
    // The browser bundles run in a page, not in Node.
    files: ["apps/**/*.{ts,tsx}", "frame/**/*.{ts,tsx}"],
    ignores: ["apps/*/vite.config.ts", "frame/vite.config.ts"],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ["**/*.js"],
    ...tseslint.configs.disableTypeChecked,
  },
  ...layerRules,
)
