// The layer graph (docs/architecture.md, "Where code goes"), checked on resolved paths: an import
// counts whatever it is written as (`~/…` alias, relative path, `import type`). Run it with
// `npm run lint:layers`; tests/unit/layers.test.ts proves every rule fires on a planted violation.

/** Any module of ours: the app, the process, the tests and the scripts. */
const ours = "^(app|server|tests|scripts)/|^server\\.js$";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "db-imports-nothing-of-ours",
      comment: "app/db is the bottom layer: the schema and the client know no helper or feature.",
      severity: "error",
      from: { path: "^app/db/" },
      to: { path: ours, pathNot: "^app/db/" },
    },
    {
      name: "lib-imports-lib-and-db",
      comment: "app/lib holds helpers: they may use each other and the database, nothing above.",
      severity: "error",
      from: { path: "^app/lib/" },
      to: { path: ours, pathNot: "^app/(lib|db)/" },
    },
    {
      name: "ui-imports-ui-and-lib",
      comment: "app/ui holds shared primitives: they may use each other and lib, not the database.",
      severity: "error",
      from: { path: "^app/ui/" },
      to: { path: ours, pathNot: "^app/(ui|lib)/" },
    },
    {
      name: "features-import-ui-lib-db-features",
      comment:
        "A feature builds on ui, lib, db and other features; never on routes or the app shell.",
      severity: "error",
      from: { path: "^app/features/" },
      to: { path: ours, pathNot: "^app/(ui|lib|db|features)/" },
    },
    {
      name: "no-other-features-components",
      comment:
        "A feature may use another feature's services and schemas, never its components (.tsx).",
      severity: "error",
      from: { path: "^app/features/([^/]+)/" },
      to: { path: "^app/features/[^/]+/.+\\.tsx$", pathNot: "^app/features/$1/" },
    },
    {
      name: "inbox-imports-no-intake",
      comment:
        "messages/inbox is staff-only: it shares the files at messages/'s root with the public intake, never intake's own.",
      severity: "error",
      from: { path: "^app/features/messages/inbox/" },
      to: { path: "^app/features/messages/intake/" },
    },
    {
      name: "routes-import-features-ui-lib-db",
      comment: "A route module is thin: it uses features, ui, lib and db.",
      severity: "error",
      from: { path: "^app/routes/" },
      to: { path: ours, pathNot: "^app/(features|ui|lib|db)/" },
    },
    {
      name: "nothing-imports-routes",
      comment:
        "Route modules are reached through app/routes.ts only: no other module of the app imports one.",
      severity: "error",
      from: { path: "^app/", pathNot: "^app/(routes/|routes\\.ts$|root\\.tsx$)" },
      to: { path: "^app/routes/" },
    },
    {
      name: "app-imports-no-process-tests-or-scripts",
      comment:
        "app/ is left to React Router: it never reaches into the process (server/), tests or scripts.",
      severity: "error",
      from: { path: "^app/" },
      to: { path: "^(server|tests|scripts)/|^server\\.js$" },
    },
    {
      name: "process-imports-no-routes",
      comment: "The process (server/) uses features, lib and db; the routes come in as the build.",
      severity: "error",
      from: { path: "^server/" },
      to: { path: "^app/routes/" },
    },
    {
      name: "no-folder-cycles",
      comment:
        "No two folders (features, lib's groups, …) depend on each other, directly or through others.",
      severity: "error",
      scope: "folder",
      from: { path: "^(app|server)/" },
      to: { circular: true },
    },
    {
      name: "no-module-cycles",
      comment:
        "No two modules depend on each other, directly or through others, within a folder too.",
      severity: "error",
      from: { path: "^(app|server)/" },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|build|\\.react-router)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".d.ts"],
    },
  },
};
