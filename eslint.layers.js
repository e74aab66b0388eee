// The hexagon's arrows, as lint rules: a wrong import fails `npm run lint`.
// Kept apart from eslint.config.js so tests/lint can prove each rule fires.

import { builtinModules } from "node:module"

const outsideDomain =
  "(^|/)(adapters|apps|cli|frame|fixtures|tests|bench|node_modules)(/|$)|package\\.json$"
// Node's own modules by bare name ("fs", "path/posix") as well as with the node: prefix.
const nodeBuiltins = `^(node:|(${builtinModules.map((name) => name.replace("/", "\\/")).join("|")})(/|$))`

/** @type {import("eslint").Linter.Config[]} */
export const layerRules = [
  {
    name: "colorday/layers/domain",
    files: ["domain/**/*.{ts,tsx}"],
    ignores: ["domain/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(?!effect(/|$)|\\.)",
              message: "domain/ imports only `effect` and other domain files.",
            },
            {
              regex: outsideDomain,
              message: "domain/ imports only `effect` and other domain files.",
            },
          ],
        },
      ],
    },
  },
  {
    name: "colorday/layers/domain-tests",
    files: ["domain/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(?!(effect|vitest|@effect/vitest|fast-check)(/|$)|\\.)",
              message: "domain/ tests import only effect, the test libraries and domain files.",
            },
            {
              regex: "(^|/)(apps|cli|frame|fixtures|tests|bench)(/|$)",
              message: "domain/ tests import only effect, the test libraries and domain files.",
            },
            {
              regex: "(^|/)adapters/(?!memory(/|$))",
              message: "domain/ tests may use only the in-memory adapters.",
            },
          ],
        },
      ],
    },
  },
  {
    name: "colorday/layers/browser",
    files: ["apps/**/*.{ts,tsx}", "frame/**/*.{ts,tsx}"],
    // Build configs run in Node, not in the page.
    ignores: ["apps/*/vite.config.ts", "apps/ui/vite.app-config.ts", "frame/vite.config.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "(^|/)adapters(/|$)",
              message: "apps/ and frame/ never import adapters/: talk to the server's API instead.",
            },
            {
              regex: nodeBuiltins,
              message: "Browser bundles never pull in Node modules.",
            },
          ],
        },
      ],
    },
  },
  {
    // The shared design system: the apps import it, it imports none of them (nor the server).
    name: "colorday/layers/ui",
    files: ["apps/ui/**/*.{ts,tsx}"],
    // The apps' shared build settings run in Node, like their vite.config.ts.
    ignores: ["apps/ui/vite.app-config.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "(^|/)(web|admin|editor)(/|$)",
              message: "apps/ui never imports an app: the apps import the kit, not the other way.",
            },
            {
              regex: "(^|/)(domain|adapters|cli|frame|fixtures|tests|bench)(/|$)",
              message: "apps/ui imports only libraries and its own files.",
            },
            {
              regex: nodeBuiltins,
              message: "Browser bundles never pull in Node modules.",
            },
          ],
        },
      ],
    },
  },
  {
    name: "colorday/layers/adapters",
    files: ["adapters/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "(^|/)(apps|cli)(/|$)",
              message: "adapters/ never import apps/ or cli/: arrows point inward.",
            },
          ],
        },
      ],
    },
  },
]
