import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["dist/", "node_modules/", "test-results/", "coverage/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["src/**/*.ts"],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      "no-restricted-syntax": [
        "error",
        { selector: "ExportDefaultDeclaration", message: "Use named exports (docs/DEVELOPERS.md)." },
      ],
    },
  },
  {
    // The Foundry-free core must not reach for Foundry globals or the DOM.
    files: [
      "src/rulesets/*/rules/**/*.ts",
      "src/rulesets/*/migrations.ts",
      "src/rulesets/{index,rows,types,registry,plugin-rows}.ts",
      "src/rulesets/common.ts",
      "src/time-count/**/*.ts",
      "src/migrations/{migration,plan,diff,index,by-rule-set,rule-set-steps}.ts",
      "src/play/{card,ledger,escape}.ts",
      "src/dice/replay.ts",
      "src/foundry/{lasting,html-text,operations}.ts",
      "src/api.ts",
      // The sixth rule set, kept under test/ (docs/adding-a-rule-set.md), is fenced like the five.
      "test/dice-pool/rules/**/*.ts",
      "test/dice-pool/migrations.ts",
    ],
    rules: {
      "no-restricted-globals": [
        "error",
        ...["game", "CONFIG", "foundry", "Hooks", "ui", "document", "window", "Actor", "Item"].map((name) => ({
          name,
          message:
            "Rules, the rule-set table, the Time Count core and src/api.ts are Foundry-free: pass data in instead.",
        })),
      ],
    },
  },
  {
    files: ["scripts/**/*.mjs", "test/**/*.ts", "*.config.ts", "*.config.js"],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ["test/support/summary-reporter.ts"],
    rules: { "no-restricted-syntax": "off" },
  },
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
    },
  },
);
