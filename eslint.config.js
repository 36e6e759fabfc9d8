// @ts-check
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * Code rules for every TypeScript file. The import rules of DESIGN.md section 3 (layers, features through their
 * index.ts, server and web apart) are checked by dependency-cruiser (.dependency-cruiser.cjs); both run in `npm run lint`.
 */
export default tseslint.config(
  { ignores: ["build/**", ".react-router/**", "node_modules/**", "data/**", "test-results/**", "playwright-report/**", "tmp-exp/**", "public/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["src/web/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "error" },
  },
  // Playwright fixtures that use no other fixture are declared with an empty pattern, as its documentation does.
  { files: ["e2e/fixtures/**/*.ts"], rules: { "no-empty-pattern": "off" } },
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_", caughtErrors: "none" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports", disallowTypeAnnotations: false }],
      "no-empty": ["error", { allowEmptyCatch: true }],
      // A variable assigned once but read by a closure made before the assignment cannot be a const.
      "prefer-const": ["error", { ignoreReadBeforeAssign: true }],
    },
  },
);
