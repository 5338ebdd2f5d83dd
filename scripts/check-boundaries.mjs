#!/usr/bin/env node
/*
 * The import rules of docs/architecture.md, checked on every `npm test` (`npm run lint:deps`).
 *
 * dependency-cruiser was the first choice, but it cannot read this tree: its TypeScript parser
 * needs the JavaScript compiler API of `typescript` below 7 (TypeScript 7 ships only the native
 * compiler, so it reports .ts and .tsx as unsupported), and its swc parser does not accept JSX.
 * So the rules are checked here, on the import specifiers of every source file.
 *
 * Usage: node scripts/check-boundaries.mjs [--root <dir>]
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/* Each form's second group is the specifier; its first, when set, marks `import type`/`export type`. */
const IMPORT_FORMS = [
  /\b(?:import|export)\b\s*(type\b\s*)?(?:[\w*{}\s,$]+?\bfrom\s*)?['"]([^'"]+)['"]/g,
  /\bimport\s*\(()\s*['"]([^'"]+)['"]\s*\)/g,
  /\brequire\s*\(()\s*['"]([^'"]+)['"]\s*\)/g,
];

/**
 * Every import a source file makes: static, type-only, re-exported, side-effect and dynamic, each
 * with whether it is type-only. Only `import type` and `export type` are: under
 * `verbatimModuleSyntax`, `import { type A } from './a'` still loads './a'. Comments are read too:
 * a false alarm shows in the report, a missed import would not.
 */
export function importsOf(source) {
  return IMPORT_FORMS.flatMap((form) =>
    [...source.matchAll(form)].map((match) => ({ specifier: match[2], typeOnly: Boolean(match[1]) })),
  );
}

const SOURCE = /\.(?:[cm]?[jt]s|tsx)$/;
const PRODUCT_ROOTS = ['apps/api/src', 'apps/web/src', 'packages/domain/src', 'packages/provider-fakes/src'];
const FAKES_PACKAGE = '@schoolledger/provider-fakes';

/*
 * What an API module may import from another one: its services, its queries (the data access
 * other modules are meant to reuse, such as `recordAudit` or `findStudent` with `visibleTo`), its
 * errors (the coded errors it answers with), and the named files of the modules that are
 * libraries rather than route-service-queries sets. Never another module's routes, presenters,
 * jobs or internal helpers.
 */
const PUBLIC_MODULE_FILE = /\.(?:service|queries|errors)\.ts$/;
const LIBRARY_FILES = new Set([
  'files/image-upload.ts',
  'payment-profiles/school-providers.ts',
  'providers/flutterwave.ts',
  'providers/paystack.ts',
  'providers/provider.ts',
  'providers/resolve.ts',
  'auth/session-user.ts',
  'ledger/lock-order.ts',
  'ledger/overpayment.ts',
  'ledger/payment-rows.ts',
  'ledger/record-payment.ts',
  'ledger/take-at-once.ts',
]);
/*
 * Known crossings that break the rule above, each with why it stays for now. Every entry is an
 * exact importer and target; a new crossing fails.
 */
const KNOWN_MODULE_CROSSINGS = new Set([
  // `effectiveSettings` (a school's settings, or the defaults while it has saved none) is a rule
  // that lives in the presenter; it should move to payment-profiles.service.ts, which is being
  // rewritten for coded errors at the same time, so it moves after that lands.
  'payments/online/initiate.service.ts -> payment-profiles/payment-profiles.presenter.ts',
]);
/*
 * Where a module's SQL may be built. Its routes, services and jobs call named functions of its
 * `*.queries.ts`; they neither import drizzle-orm's query builders (`eq`, `and`, `sql`...; type-only
 * imports such as `SQL` are fine) nor start a query on the database or a transaction themselves.
 * Opening a transaction (`db.transaction`) stays in the service.
 */
const QUERY_FREE_FILE = /\.(?:service|routes|job)\.ts$/;
const QUERY_CALL = /\b(db|tx)\s*\.\s*(select|selectDistinct|selectDistinctOn|insert|update|delete|execute)\s*\(/g;
const DRIZZLE_IMPORT = /\bimport\s+(?!type\b)([^;]*?)\bfrom\s*['"](drizzle-orm(?:\/[^'"]*)?)['"]/g;

/** The drizzle-orm modules a file imports values from, and the query builders it starts on a db or tx. */
export function queryBuildingOf(source) {
  const found = new Set();
  for (const [, clause, specifier] of source.matchAll(DRIZZLE_IMPORT)) {
    const names = /\{([^}]*)\}/.exec(clause)?.[1];
    const onlyTypes =
      names !== undefined &&
      !/^[\s,]*$/.test(names) &&
      clause
        .replace(/\{[^}]*\}/, '')
        .trim()
        .replace(/,$/, '') === '' &&
      names
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean)
        .every((name) => name.startsWith('type '));
    if (!onlyTypes) found.add(specifier);
  }
  for (const [, receiver, method] of source.matchAll(QUERY_CALL)) found.add(`${receiver}.${method}()`);
  return [...found];
}

/** Modules that depend on no other module: keys come into providers, a provider goes out. */
const LEAF_MODULES = new Set(['providers']);

/** What only tests, the demo and the bench may use; the process entry and the demo wiring may use the seed and demo. */
const TEST_CODE = /^(?:e2e\/|(?:apps|packages)\/[^/]+\/(?:test|bench)\/)|\.(?:test|spec)\.[cm]?[jt]sx?$/;
const DEMO_CODE = /^apps\/api\/src\/(?:seed|demo)\//;
const MAY_WIRE_DEMO = (file) =>
  file === 'apps/api/src/server.ts' || file.startsWith('apps/api/src/demo/') || file.startsWith('apps/api/src/seed/');
const FAKES_MAY_IMPORT = [/^node:/, /^fastify$/, /^@schoolledger\/domain$/];

function listSources(root, dir) {
  const absolute = path.join(root, dir);
  if (!existsSync(absolute)) return [];
  return readdirSync(absolute, { recursive: true, encoding: 'utf8' })
    .filter((name) => SOURCE.test(name) && !name.split(path.sep).includes('node_modules'))
    .map((name) => path.posix.join(dir, name.split(path.sep).join('/')));
}

/** The repository-relative file a specifier names, or the specifier itself when it is a package. */
function resolveSpecifier(root, file, specifier) {
  let target;
  if (specifier.startsWith('.')) target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
  else if (specifier.startsWith('@/') && file.startsWith('apps/web/')) target = `apps/web/src/${specifier.slice(2)}`;
  else return { package: specifier };
  const stem = target.replace(/\.[cm]?js$|\.jsx$/, '');
  const candidates = [
    target,
    `${stem}.ts`,
    `${stem}.tsx`,
    `${target}.ts`,
    `${target}.tsx`,
    `${target}/index.ts`,
    `${target}/index.tsx`,
  ];
  const found = candidates.find((candidate) => {
    const absolute = path.join(root, candidate);
    return existsSync(absolute) && statSync(absolute).isFile();
  });
  return { file: found ?? target };
}

const under = (file, dir) => file === dir || file.startsWith(`${dir}/`);
const featureOf = (file) => /^apps\/web\/src\/features\/([^/]+)\//.exec(file)?.[1];
const MODULES = 'apps/api/src/modules/';
const moduleOf = (file) => (file.startsWith(MODULES) ? file.slice(MODULES.length).split('/')[0] : undefined);

/*
 * The web's layers, lowest first: shared code (components/, lib/ and anything else outside
 * features/ and app/), the features, and the app that puts features on routes. A layer imports
 * its own and lower ones only, so a shared component never pulls a feature (and through it the
 * app) into every screen. main.tsx is the entry and imports anything.
 */
const WEB = 'apps/web/src/';
const WEB_ENTRY = 'apps/web/src/main.tsx';
const WEB_LAYERS = ['shared', 'features', 'app'];
function webLayerOf(file) {
  if (!file.startsWith(WEB) || file === WEB_ENTRY) return undefined;
  const top = file.slice(WEB.length).split('/')[0];
  return top === 'features' || top === 'app' ? top : 'shared';
}
const WEB_LAYER_RULES = {
  shared: 'web-shared-code-imports-no-feature-or-app',
  features: 'web-features-do-not-import-the-app',
};

/*
 * Plugins (authentication, rate limits) run for every route; they call a module's service, whose
 * use cases keep the module's rules, never its queries.
 */
const PLUGINS = 'apps/api/src/plugins/';
const MODULE_QUERIES = /^apps\/api\/src\/modules\/.+\.queries\.ts$/;

/**
 * The strongly connected components of a graph that hold a cycle (two nodes or more, or one that
 * imports itself), by Tarjan's algorithm: every node and edge is visited once, so the check stays
 * linear in the size of the tree. The walk keeps its own stack, as a chain of thousands of files
 * would overflow the call stack of a recursive one. `edges[i]` lists the nodes node i imports.
 */
function tangles(edges) {
  const count = edges.length;
  const order = new Int32Array(count).fill(-1);
  const low = new Int32Array(count);
  const onStack = new Uint8Array(count);
  const stack = [];
  const found = [];
  let next = 0;
  for (let root = 0; root < count; root += 1) {
    if (order[root] !== -1) continue;
    const walk = [[root, 0]];
    order[root] = low[root] = next++;
    stack.push(root);
    onStack[root] = 1;
    while (walk.length > 0) {
      const frame = walk[walk.length - 1];
      const [node, at] = frame;
      if (at < edges[node].length) {
        frame[1] += 1;
        const target = edges[node][at];
        if (order[target] === -1) {
          order[target] = low[target] = next++;
          stack.push(target);
          onStack[target] = 1;
          walk.push([target, 0]);
        } else if (onStack[target]) low[node] = Math.min(low[node], order[target]);
        continue;
      }
      walk.pop();
      if (walk.length > 0) {
        const parent = walk[walk.length - 1][0];
        low[parent] = Math.min(low[parent], low[node]);
      }
      if (low[node] !== order[node]) continue;
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack[member] = 0;
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || edges[node].includes(node)) found.push(component);
    }
  }
  return found;
}

/**
 * One ring of a tangle, written in a stable order: from its first name (sorted), along the
 * shortest way back to it (a breadth-first walk inside the tangle, linear in its size), as
 * `a -> b -> a`. The tangle's other names, if the ring leaves some out, follow sorted.
 */
function describeTangle(component, edges, nameOf) {
  const members = new Set(component);
  const start = component.reduce((first, node) => (nameOf(node) < nameOf(first) ? node : first));
  const cameFrom = new Map();
  const queue = [start];
  for (let head = 0; head < queue.length && !cameFrom.has(start); head += 1) {
    for (const target of edges[queue[head]]) {
      if (!members.has(target) || cameFrom.has(target)) continue;
      cameFrom.set(target, queue[head]);
      queue.push(target);
    }
  }
  const backwards = [start];
  for (let node = cameFrom.get(start); node !== start; node = cameFrom.get(node)) backwards.push(node);
  const ring = [start, ...backwards.slice(1).reverse(), start];
  const line = ring.map(nameOf).join(' -> ');
  const onRing = new Set(ring);
  const others = component
    .filter((node) => !onRing.has(node))
    .map(nameOf)
    .sort();
  return others.length > 0 ? `${line} (tangled with ${others.join(', ')})` : line;
}

/** Each import cycle of a graph given as a map from a name to the names it imports, one line each, sorted. */
function cyclesOf(graph) {
  const names = [...new Set([...graph.keys(), ...[...graph.values()].flatMap((targets) => [...targets])])];
  const index = new Map(names.map((name, at) => [name, at]));
  const edges = names.map((name) => [...(graph.get(name) ?? [])].map((target) => index.get(target)));
  const nameOf = (node) => names[node];
  return tangles(edges)
    .map((component) => describeTangle(component, edges, nameOf))
    .sort();
}

/** Every broken rule in the tree under root, one line each, and how much was read. */
export function findViolations(root) {
  const violations = [];
  const moduleEdges = new Map();
  const files = PRODUCT_ROOTS.flatMap((dir) => listSources(root, dir)).filter((file) => !TEST_CODE.test(file));
  const productFiles = new Set(files);
  // What each file loads when it runs: value imports of other product files (types are erased).
  const fileEdges = new Map(files.map((file) => [file, new Set()]));
  let imports = 0;
  for (const file of files) {
    const source = readFileSync(path.join(root, file), 'utf8');
    if (file.startsWith(MODULES) && QUERY_FREE_FILE.test(file)) {
      for (const what of queryBuildingOf(source)) violations.push(`sql-lives-in-queries-files: ${file} -> ${what}`);
    }
    for (const { specifier, typeOnly } of importsOf(source)) {
      imports += 1;
      const target = resolveSpecifier(root, file, specifier);
      const report = (rule) => violations.push(`${rule}: ${file} -> ${specifier}`);
      if (!typeOnly && productFiles.has(target.file)) fileEdges.get(file).add(target.file);

      if (under(file, 'packages/provider-fakes/src')) {
        const ownFile = target.file && under(target.file, 'packages/provider-fakes/src');
        if (!ownFile && !(target.package && FAKES_MAY_IMPORT.some((allowed) => allowed.test(target.package))))
          report('fakes-import-only-node-fastify-domain');
        continue;
      }

      const isFakes = target.package === FAKES_PACKAGE || target.package?.startsWith(`${FAKES_PACKAGE}/`);
      const demoOnly = isFakes || (target.file && DEMO_CODE.test(target.file));
      if ((target.file && TEST_CODE.test(target.file)) || (demoOnly && !MAY_WIRE_DEMO(file)))
        report('no-test-seed-demo-or-fakes-in-product-code');
      if (!target.file) continue;

      const feature = featureOf(file);
      const targetFeature = featureOf(target.file);
      if (feature && targetFeature && feature !== targetFeature) report('web-features-do-not-import-each-other');
      const layer = webLayerOf(file);
      const targetLayer = webLayerOf(target.file);
      if (layer && targetLayer && WEB_LAYERS.indexOf(targetLayer) > WEB_LAYERS.indexOf(layer))
        report(WEB_LAYER_RULES[layer]);

      if (file.startsWith(PLUGINS) && MODULE_QUERIES.test(target.file)) report('api-plugins-use-services-not-queries');

      const fromModule = moduleOf(file);
      const toModule = moduleOf(target.file);
      if (fromModule && toModule && fromModule !== toModule) {
        if (!moduleEdges.has(fromModule)) moduleEdges.set(fromModule, new Set());
        moduleEdges.get(fromModule).add(toModule);
        const inner = target.file.slice(MODULES.length);
        const crossing = `${file.slice(MODULES.length)} -> ${inner}`;
        if (LEAF_MODULES.has(fromModule)) report('providers-import-no-other-module');
        else if (!PUBLIC_MODULE_FILE.test(inner) && !LIBRARY_FILES.has(inner) && !KNOWN_MODULE_CROSSINGS.has(crossing))
          report('api-modules-meet-through-services-and-queries');
      }
    }
  }
  for (const cycle of cyclesOf(moduleEdges)) violations.push(`no-cycles-between-api-modules: ${cycle}`);
  for (const cycle of cyclesOf(fileEdges)) violations.push(`no-import-cycles-between-files: ${cycle}`);
  return { files: files.length, imports, violations };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const rootFlag = process.argv.indexOf('--root');
  const root = rootFlag > 0 ? path.resolve(process.argv[rootFlag + 1]) : path.resolve(import.meta.dirname, '..');
  const { files, imports, violations } = findViolations(root);
  if (violations.length > 0 || files === 0) {
    const lines = violations.map((line) => `  ${line}`).join('\n');
    console.error(`${violations.length} import boundary violation(s) in ${files} files:\n${lines}`);
    process.exit(1);
  }
  console.log(`import boundaries hold: ${files} files, ${imports} imports`);
}
