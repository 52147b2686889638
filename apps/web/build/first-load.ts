import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The attributes of one HTML tag; names in lower case, values without their quotes. */
function attributesOf(tag: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of tag.matchAll(/([^\s=<>/"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
    const name = match[1];
    if (name) attributes.set(name.toLowerCase(), match[2] ?? match[3] ?? match[4] ?? '');
  }
  return attributes;
}

/** The URLs a browser fetches at once for the page: module scripts, their preloads and style sheets. */
export function firstLoadUrls(html: string): string[] {
  const urls: string[] = [];
  for (const [tag] of html.matchAll(/<(script|link)\b[^>]*>/gi)) {
    const attributes = attributesOf(tag.replace(/^<\w+/, ''));
    const rel = attributes.get('rel')?.split(/\s+/) ?? [];
    const url = /^<script/i.test(tag)
      ? attributes.get('type') === 'module' && attributes.get('src')
      : (rel.includes('modulepreload') || rel.includes('stylesheet')) && attributes.get('href');
    if (url && !urls.includes(url)) urls.push(url);
  }
  return urls;
}

/** `/console/assets/a.js` -> `<dist>/assets/a.js`: the deployment's base path is not in the folder. */
export function fileOf(dist: string, url: string): string {
  const segments = new URL(url, 'http://host/').pathname.split('/').filter(Boolean);
  for (let start = 0; start < segments.length; start += 1) {
    const file = join(dist, ...segments.slice(start).map(decodeURIComponent));
    if (existsSync(file)) return file;
  }
  throw new Error(`${url}: no such file in ${dist}`);
}

export interface ServedFile {
  file: string;
  kind: 'script' | 'style';
  raw: number;
  /** Bytes a browser receives: the brotli file served in its place when the build wrote one. */
  served: number;
}

/** Each file of the first load of a built console, with its size as written and as served. */
export function firstLoadOf(dist: string): ServedFile[] {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  return firstLoadUrls(html).map((url) => {
    const path = fileOf(dist, url);
    const raw = statSync(path).size;
    return {
      file: path.slice(dist.length + 1),
      kind: path.endsWith('.css') ? 'style' : 'script',
      raw,
      served: existsSync(`${path}.br`) ? statSync(`${path}.br`).size : raw,
    };
  });
}
