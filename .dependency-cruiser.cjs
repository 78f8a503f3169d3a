/**
 * Dependency boundaries (see ../shared/ARCHITECTURE.md and STYLE.md):
 * apps depend on packages, packages never on apps; routing and core import no framework;
 * no deep imports into another workspace's src/; web feature modules are entered only through index.ts.
 */
module.exports = {
  forbidden: [
    {
      name: 'packages-never-import-apps',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'apps-do-not-import-other-apps',
      comment: 'Apps talk over the network or through the manifest, not through imports.',
      severity: 'error',
      from: { path: '^apps/([^/]+)/', pathNot: '(\\.test\\.tsx?$|/(test|bench|e2e)/)' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'tests-import-only-the-devnet-fixture',
      comment:
        'Tests and benchmarks may start the devnet (the shared fixture) and the indexer through its package entry (its launcher), no other app.',
      severity: 'error',
      from: { path: '^apps/([^/]+)/.*(\\.test\\.tsx?$|/(test|bench|e2e)/)' },
      to: { path: '^apps/', pathNot: ['^apps/$1/', '^apps/devnet/', '^apps/indexer/scripts/launcher\\.ts$'] },
    },
    {
      name: 'no-deep-imports-into-workspaces',
      comment: "Use the package name and its exports map, never another workspace's src/.",
      severity: 'error',
      from: { path: '^(apps|packages)/([^/]+)/' },
      to: { path: '^(apps|packages)/([^/]+)/', pathNot: '^$1/$2/', dependencyTypes: ['local'] },
    },
    {
      name: 'pure-packages-import-no-framework',
      comment: 'routing and core are pure: no React, no server framework, no I/O libraries.',
      severity: 'error',
      from: { path: '^packages/(routing|core|api-contract)/src/' },
      to: {
        path: 'node_modules/(react|react-dom|hono|@hono|ponder|wagmi|@wagmi|@tanstack|pg|@electric-sql)/',
      },
    },
    {
      name: 'web-modules-through-index-only',
      comment: 'A feature module is entered only through its index.ts (CoW Swap rule, enforced).',
      severity: 'error',
      from: { path: '^apps/web/src/(?!modules/([^/]+)/)' },
      to: { path: '^apps/web/src/modules/[^/]+/.+', pathNot: '^apps/web/src/modules/[^/]+/index\\.tsx?$' },
    },
    {
      name: 'web-modules-cross-through-index-only',
      severity: 'error',
      from: { path: '^apps/web/src/modules/([^/]+)/' },
      to: {
        path: '^apps/web/src/modules/[^/]+/.+',
        pathNot: ['^apps/web/src/modules/$1/', '^apps/web/src/modules/[^/]+/index\\.tsx?$'],
      },
    },
    {
      name: 'web-generic-code-never-imports-pages-or-app',
      comment:
        'Feature modules and lib are generic: pages and the app frame compose them, never the reverse.',
      severity: 'error',
      from: { path: '^apps/web/src/(modules|lib)/' },
      to: { path: '^apps/web/src/(pages|app)/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      from: {},
      // ponder:* are virtual modules Ponder's build provides (apps/indexer).
      to: { couldNotResolve: true, pathNot: '^ponder:' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|generated|\\.ponder|\\.devnet)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
}
