import { nodeVersionProblem } from './node-version.js';

// Imported first by the server: on an older Node.js the dependencies install with warnings and
// would run outside what their authors test, so the server says what to install instead of starting.
const problem = nodeVersionProblem(process.versions.node);
if (problem) {
  process.stderr.write(`${problem}\n`);
  process.exit(1);
}
