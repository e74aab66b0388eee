// Types for eslint.layers.js, so TypeScript files (tests/lint) can import the layer rules.
import type { Linter } from "eslint"

export declare const layerRules: Linter.Config[]
