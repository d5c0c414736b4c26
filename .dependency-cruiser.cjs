// The layer graph (docs/architecture.md, "Where code goes"), checked on resolved paths: an import
// counts whatever it is written as (`~/…` alias, relative path, `import type`). Run it with
// `npm run lint:layers`; tests/unit/layers.test.ts proves every rule fires on a planted violation.

/** Any module of ours: the app, the process, the tests and the scripts. */
const ours = "^(app|server|tests|scripts)/|^server\\.js$";

/** A forbidden dependency: every rule of the layer graph fails the check. */
const rule = (name, comment, from, to, extra = {}) => ({
  name,
  comment,
  severity: "error",
  from,
  to,
  ...extra,
});

/** Modules under `folder` (of app/) may import, of ours, only the modules under `allowed`. */
const importsOnly = (name, comment, folder, allowed) =>
  rule(
    name,
    comment,
    { path: `^app/${folder}/` },
    { path: ours, pathNot: `^app/(${allowed.join("|")})/` },
  );

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    importsOnly(
      "db-imports-nothing-of-ours",
      "app/db is the bottom layer: the schema and the client know no helper or feature.",
      "db",
      ["db"],
    ),
    importsOnly(
      "lib-imports-lib-and-db",
      "app/lib holds helpers: they may use each other and the database, nothing above.",
      "lib",
      ["lib", "db"],
    ),
    importsOnly(
      "ui-imports-ui-and-lib",
      "app/ui holds shared primitives: they may use each other and lib, not the database.",
      "ui",
      ["ui", "lib"],
    ),
    importsOnly(
      "features-import-ui-lib-db-features",
      "A feature builds on ui, lib, db and other features; never on routes or the app shell.",
      "features",
      ["ui", "lib", "db", "features"],
    ),
    rule(
      "no-other-features-components",
      "A feature may use another feature's services and schemas, never its components (.tsx).",
      { path: "^app/features/([^/]+)/" },
      { path: "^app/features/[^/]+/.+\\.tsx$", pathNot: "^app/features/$1/" },
    ),
    rule(
      "inbox-imports-no-intake",
      "messages/inbox is staff-only: it shares messages/'s root files with the public intake, never intake's own.",
      { path: "^app/features/messages/inbox/" },
      { path: "^app/features/messages/intake/" },
    ),
    importsOnly(
      "routes-import-features-ui-lib-db",
      "A route module is thin: it uses features, ui, lib and db.",
      "routes",
      ["features", "ui", "lib", "db"],
    ),
    rule(
      "nothing-imports-routes",
      "Route modules are reached through app/routes.ts only: no other module of the app imports one.",
      { path: "^app/", pathNot: "^app/(routes/|routes\\.ts$|root\\.tsx$)" },
      { path: "^app/routes/" },
    ),
    rule(
      "app-imports-no-process-tests-or-scripts",
      "app/ is left to React Router: it never reaches into the process (server/), tests or scripts.",
      { path: "^app/" },
      { path: "^(server|tests|scripts)/|^server\\.js$" },
    ),
    rule(
      "process-imports-no-routes-or-ui",
      "The process (server/) uses features, lib and db; the routes and their components come in as the build.",
      { path: "^server/" },
      { path: "^app/(routes|ui)/|^app/root\\.tsx$|^app/features/.+\\.tsx$" },
    ),
    rule(
      "no-folder-cycles",
      "No two folders (features, lib's groups, …) depend on each other, directly or through others.",
      { path: "^(app|server)/" },
      { circular: true },
      { scope: "folder" },
    ),
    rule(
      "no-module-cycles",
      "No two modules depend on each other, directly or through others, within a folder too.",
      { path: "^(app|server)/" },
      { circular: true },
    ),
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
