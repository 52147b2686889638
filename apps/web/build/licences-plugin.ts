import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, parse, sep } from 'node:path';
import type { Plugin } from 'vite';
import { LICENCES_FILE, type LicenceEntry } from '../src/features/about/licences.ts';

interface PackageJson {
  name?: string;
  version?: string;
  author?: string | { name?: string };
  license?: string | { type?: string };
  licenses?: { type?: string }[];
  homepage?: string;
  repository?: string | { url?: string };
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  optionalDependencies?: Record<string, string>;
}

const NODE_MODULES = `${sep}node_modules${sep}`;

/** The folder of the npm package a bundled module belongs to, or null for our own code. */
export function packageFolderOf(moduleId: string): string | null {
  const id = moduleId.replace(/^\0/, '').split('?')[0] ?? '';
  const at = id.lastIndexOf(NODE_MODULES);
  if (at < 0) return null;
  const rest = id.slice(at + NODE_MODULES.length).split(sep);
  const nameParts = rest[0]?.startsWith('@') ? rest.slice(0, 2) : rest.slice(0, 1);
  if (nameParts.length === 0 || nameParts.some((part) => !part)) return null;
  return join(id.slice(0, at + NODE_MODULES.length), ...nameParts);
}

function readPackage(folder: string): PackageJson | null {
  const file = join(folder, 'package.json');
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, 'utf8')) as PackageJson;
}

function authorOf(pkg: PackageJson): string | null {
  const author = typeof pkg.author === 'string' ? pkg.author : pkg.author?.name;
  // "Name <mail> (url)" -> "Name"
  return author?.replace(/\s*[<(].*$/, '').trim() || null;
}

function licenceOf(pkg: PackageJson): string | null {
  if (typeof pkg.license === 'string') return pkg.license;
  if (pkg.license?.type) return pkg.license.type;
  const types = (pkg.licenses ?? []).map((licence) => licence.type).filter(Boolean);
  return types.length > 0 ? types.join(' OR ') : null;
}

function linkOf(pkg: PackageJson): string | null {
  if (pkg.homepage) return pkg.homepage;
  const repository = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url;
  if (repository) {
    const github = /^(?:github:)?([\w.-]+\/[\w.-]+)$/.exec(repository);
    if (github) return `https://github.com/${github[1]}`;
    return repository
      .replace(/^git\+/, '')
      .replace(/^git:\/\//, 'https://')
      .replace(/\.git$/, '');
  }
  return pkg.name ? `https://www.npmjs.com/package/${pkg.name}` : null;
}

export function licenceEntry(pkg: PackageJson): LicenceEntry | null {
  if (!pkg.name || !pkg.version) return null;
  return {
    name: pkg.name,
    version: pkg.version,
    author: authorOf(pkg),
    license: licenceOf(pkg),
    link: linkOf(pkg),
  };
}

function sortedUnique(entries: Iterable<LicenceEntry>): LicenceEntry[] {
  const byKey = new Map<string, LicenceEntry>();
  for (const entry of entries) byKey.set(`${entry.name}@${entry.version}`, entry);
  return [...byKey.values()].sort(
    (a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version),
  );
}

/** Build time: the packages whose modules really ended up in the bundle. */
export function licencesOfModules(moduleIds: Iterable<string>): LicenceEntry[] {
  const folders = new Set<string>();
  for (const id of moduleIds) {
    const folder = packageFolderOf(id);
    if (folder) folders.add(folder);
  }
  const entries: LicenceEntry[] = [];
  for (const folder of folders) {
    const pkg = readPackage(folder);
    const entry = pkg && licenceEntry(pkg);
    if (entry) entries.push(entry);
  }
  return sortedUnique(entries);
}

function findPackageFolder(name: string, fromFolder: string): string | null {
  for (let folder = fromFolder; ; folder = dirname(folder)) {
    const candidate = join(folder, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (folder === parse(folder).root) return null;
  }
}

/** Dev server: no bundle exists, so list the closure of the app's runtime dependencies. */
export function licencesOfDependencies(appFolder: string): LicenceEntry[] {
  const entries: LicenceEntry[] = [];
  const seen = new Set<string>();
  const visit = (pkg: PackageJson, folder: string) => {
    const requiredPeers = Object.keys(pkg.peerDependencies ?? {}).filter(
      (name) => !pkg.peerDependenciesMeta?.[name]?.optional,
    );
    const names = [...requiredPeers, ...Object.keys({ ...pkg.optionalDependencies, ...pkg.dependencies })];
    for (const name of new Set(names)) {
      const dependencyFolder = findPackageFolder(name, folder);
      if (!dependencyFolder || seen.has(dependencyFolder)) continue;
      seen.add(dependencyFolder);
      const dependency = readPackage(dependencyFolder);
      if (!dependency) continue;
      // Workspace packages (symlinked to our own sources) are not third-party.
      if (!dependencyFolder.includes(NODE_MODULES) || dependency.name?.startsWith('@fleet/')) {
        visit(dependency, dependencyFolder);
        continue;
      }
      const entry = licenceEntry(dependency);
      if (entry) entries.push(entry);
      visit(dependency, dependencyFolder);
    }
  };
  const app = readPackage(appFolder);
  if (app) visit({ dependencies: app.dependencies }, appFolder);
  return sortedUnique(entries);
}

/** Writes `licences.json` next to the bundle, listing the npm packages actually bundled. */
export function licencesPlugin(appFolder: string): Plugin {
  let base = '/';
  return {
    name: 'fleet-licences',
    configResolved(config) {
      base = config.base;
    },
    configureServer(server) {
      server.middlewares.use(`${base}${LICENCES_FILE}`, (_request, response) => {
        response.setHeader('Content-Type', 'application/json');
        response.end(JSON.stringify(licencesOfDependencies(appFolder)));
      });
    },
    generateBundle(_options, bundle) {
      const moduleIds = Object.values(bundle).flatMap((output) =>
        output.type === 'chunk' ? output.moduleIds : [],
      );
      this.emitFile({
        type: 'asset',
        fileName: LICENCES_FILE,
        source: JSON.stringify(licencesOfModules(moduleIds)),
      });
    },
  };
}
