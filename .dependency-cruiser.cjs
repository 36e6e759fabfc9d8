/**
 * The house rules of DESIGN.md section 3 that concern imports, checked by `npm run lint` (part of `npm test`).
 * Paths are relative to the repository; `$1` refers to the group captured by the rule's `from.path`.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "contract-imports-nothing",
      comment: "src/contract is shared by server and web: zod and itself only.",
      severity: "error",
      from: { path: "^src/contract/", pathNot: "[.]test[.]ts$" },
      to: { pathNot: ["^src/contract/", "^node_modules/zod/"], dependencyTypesNot: ["core"] },
    },
    {
      name: "contract-no-node",
      comment: "src/contract runs in the browser too.",
      severity: "error",
      from: { path: "^src/contract/" },
      to: { dependencyTypes: ["core"] },
    },
    { name: "server-not-web", severity: "error", from: { path: "^src/server/" }, to: { path: "^src/web/" } },
    { name: "web-not-server", severity: "error", from: { path: "^src/web/" }, to: { path: "^src/server/" } },
    {
      name: "server-feature-through-index",
      comment: "A feature reaches another feature only through its index.ts; shared logic moves to platform/.",
      severity: "error",
      from: { path: "^src/server/features/([^/]+)/" },
      to: { path: "^src/server/features/", pathNot: ["^src/server/features/$1/", "^src/server/features/[^/]+/index\\.ts$"] },
    },
    {
      name: "web-feature-through-index",
      comment: "A feature reaches another feature only through its index.ts; shared pieces move to lib/ or ui/.",
      severity: "error",
      from: { path: "^src/web/features/([^/]+)/" },
      to: { path: "^src/web/features/", pathNot: ["^src/web/features/$1/", "^src/web/features/[^/]+/index\\.tsx?$"] },
    },
    {
      name: "platform-below-features-and-providers",
      comment: "platform/ and db/ are cross-cutting: they never import a feature or a provider.",
      severity: "error",
      from: { path: "^src/server/(platform|db)/", pathNot: "[.]test[.]ts$" },
      to: { path: "^src/server/(features|providers)/" },
    },
    {
      name: "providers-below-features",
      severity: "error",
      from: { path: "^src/server/providers/" },
      to: { path: "^src/server/features/" },
    },
    {
      name: "web-lib-and-ui-below-features",
      comment: "lib/ and ui/ are shared: they never import a feature or a route module.",
      severity: "error",
      from: { path: "^src/web/(lib|ui)/" },
      to: { path: "^src/web/(features|routes)/" },
    },
    {
      name: "web-features-not-routes",
      severity: "error",
      from: { path: "^src/web/features/" },
      to: { path: "^src/web/routes/" },
    },
    {
      name: "twin-decision-is-pure",
      comment: "The twin's decision (features/twin/decision/) weighs the candidates retrieval hands it: no database, provider or other feature.",
      severity: "error",
      from: { path: "^src/server/features/twin/decision/", pathNot: "[.]test[.]ts$" },
      to: { path: ["^src/server/(db|providers)/", "^src/server/features/(?!twin/)", "^node_modules/(drizzle-orm|pg)/"] },
    },
    {
      name: "crisis-classifier-reads-text-only",
      comment: "The crisis classifier (features/safety/) reads a message and its context: the encoder and text tools, never the database.",
      severity: "error",
      from: { path: "^src/server/features/safety/", pathNot: "[.]test[.]ts$" },
      to: { path: ["^src/server/db/", "^src/server/features/(?!safety/)", "^node_modules/(drizzle-orm|pg)/"] },
    },
    {
      name: "only-services-touch-the-database",
      comment: "Routes are thin: they call a service, which reads and writes; they never import the database layer.",
      severity: "error",
      from: { path: "^src/server/features/[^/]+/[a-z-]*routes[.]ts$" },
      to: { path: ["^src/server/db/", "^node_modules/(drizzle-orm|pg)/"] },
    },
    {
      name: "only-providers-reach-outside-services",
      comment: "Vendor SDKs and network clients live behind src/server/providers (and mail/storage in platform).",
      severity: "error",
      from: { path: "^src/server/", pathNot: ["^src/server/providers/", "^src/server/test/", "\\.test\\.ts$", "^src/server/create-context\\.ts$"] },
      to: { path: "^node_modules/(@ai-sdk|@aws-sdk|openai|@anthropic-ai|elevenlabs|@elevenlabs|undici)/" },
    },
    {
      name: "tests-stay-in-their-feature",
      comment: "A test's helpers live beside it or in src/server/test, not in another feature.",
      severity: "error",
      from: { path: "^src/server/features/([^/]+)/.*\\.test\\.ts$" },
      to: { path: "^src/server/features/[^/]+/(test-helpers|.*\\.test)\\.ts$", pathNot: "^src/server/features/$1/" },
    },
    { name: "no-circular", severity: "error", from: { path: "^src/" }, to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } } },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["^build/", "^\\.react-router/"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default", "types"], extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"] },
  },
};
