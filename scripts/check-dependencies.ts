/**
 * Dependency check that works where npm's advisory endpoint does not (`npm run deps:check`).
 *
 * 1. `npm audit` against the registry's advisory endpoint: used when it answers. Here the
 *    registry refuses it (405), and the GitHub / OSV advisory databases are not reachable.
 * 2. Then every package version in package-lock.json is looked up in the registry itself,
 *    which marks versions its maintainers deprecated — the registry's own channel for "this
 *    version has a vulnerability, upgrade". A deprecated version that the product runs
 *    (not a dev dependency) whose message speaks of security fails the check; every other
 *    deprecation is listed. A registry mirror that strips deprecations (the one this project's
 *    machines use does) is detected, and the check then says that it checked nothing.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

type LockPackage = { version?: string; dev?: boolean; resolved?: string; link?: boolean };
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, LockPackage> };
const registry = (process.env.npm_config_registry ?? 'https://registry.npmjs.org/').replace(/\/?$/, '/');

function advisoryAudit(): string {
  try {
    execFileSync('npm', ['audit', '--omit=dev', '--audit-level=high', '--json'], { stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
    return 'npm audit: no high or critical advisories for runtime dependencies';
  } catch (err) {
    const out = String((err as { stdout?: Buffer }).stdout ?? '');
    if (/"vulnerabilities"\s*:\s*\{\s*"(?!info|low|moderate|total)/.test(out) && /"metadata"/.test(out)) {
      console.log(out);
      throw new Error('npm audit reports high or critical advisories');
    }
    return `npm audit: the advisory endpoint is not available here (${/\b(405|ENOTFOUND|ECONNREFUSED|EAI_AGAIN)\b/.exec(String((err as { stderr?: Buffer }).stderr ?? ''))?.[1] ?? 'error'}); trying the registry's deprecations`;
  }
}

type Found = { name: string; version: string; dev: boolean; message: string };
const SECURITY = /secur|vulnerab|CVE-|malicious|compromis|exploit/i;

async function deprecations(): Promise<Found[]> {
  const wanted = new Map<string, Map<string, boolean>>();
  for (const [path, pkg] of Object.entries(lock.packages)) {
    if (!path.startsWith('node_modules/') || !pkg.version || pkg.link || (pkg.resolved && !pkg.resolved.startsWith('http'))) continue;
    const name = path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
    const versions = wanted.get(name) ?? new Map<string, boolean>();
    versions.set(pkg.version, (versions.get(pkg.version) ?? true) && Boolean(pkg.dev));
    wanted.set(name, versions);
  }
  const names = [...wanted.keys()];
  const found: Found[] = [];
  let next = 0;
  async function worker() {
    while (next < names.length) {
      const name = names[next++]!;
      const response = await fetch(`${registry}${name.replace('/', '%2f')}`, { headers: { accept: 'application/vnd.npm.install-v1+json' }, signal: AbortSignal.timeout(30_000) });
      if (!response.ok) throw new Error(`${name}: the registry answered ${response.status}`);
      const doc = (await response.json()) as { versions?: Record<string, { deprecated?: string }> };
      for (const [version, dev] of wanted.get(name)!) {
        const message = doc.versions?.[version]?.deprecated;
        if (message) found.push({ name, version, dev, message });
      }
    }
  }
  await Promise.all(Array.from({ length: 16 }, worker));
  console.log(`registry: ${names.length} packages (${[...wanted.values()].reduce((n, v) => n + v.size, 0)} versions) looked up`);
  return found.sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Whether this registry publishes deprecations at all: request@2.88.2 has been deprecated on the
 * public registry since 2020. A mirror that strips them cannot tell us anything.
 */
async function registryKnowsDeprecations(): Promise<boolean> {
  const response = await fetch(`${registry}request/2.88.2`, { signal: AbortSignal.timeout(30_000) });
  return response.ok && Boolean(((await response.json()) as { deprecated?: string }).deprecated);
}

console.log(advisoryAudit());
if (!(await registryKnowsDeprecations())) {
  console.log(`registry: ${registry} does not publish deprecations (request@2.88.2 shows none): no advisory data is reachable from here, nothing was checked`);
  process.exit(0);
}
const found = await deprecations();
for (const f of found) console.log(`  deprecated${f.dev ? ' (dev)' : ''}: ${f.name}@${f.version} — ${f.message}`);
const failing = found.filter((f) => !f.dev && SECURITY.test(f.message));
if (failing.length) {
  console.error(`${failing.length} runtime dependencies are deprecated for security reasons: upgrade them`);
  process.exit(1);
}
console.log(found.length ? `${found.length} deprecated versions, none of them a runtime dependency deprecated for security` : 'no deprecated versions');
