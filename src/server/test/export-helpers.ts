/** Helpers for the open archive's suites: downloading the zip over HTTP and reading it back (fflate's unzipSync). */
import { unzipSync } from 'fflate';

import { archiveChild, archiveManifest, type ArchiveChild, type ArchiveManifest } from '@contract/archive';
import type { TestServer } from './harness';

export interface Download {
  status: number;
  headers: Headers;
  bytes: Uint8Array;
  /** The body as JSON when the answer is an error. */
  json: unknown;
}

export async function download(s: TestServer, token: string | null, query = '', ip?: string): Promise<Download> {
  const headers: Record<string, string> = {
    'X-Forwarded-For': ip ?? `10.9.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`,
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(`${s.url}/api/account/export/${query}`, { headers });
  const bytes = new Uint8Array(await res.arrayBuffer());
  let json: unknown = null;
  if (!res.headers.get('content-type')?.includes('zip')) json = JSON.parse(new TextDecoder().decode(bytes));
  return { status: res.status, headers: res.headers, bytes, json };
}

export interface Archive {
  root: string;
  files: Record<string, Uint8Array>;
  manifest: ArchiveManifest;
  children: ArchiveChild[];
  text(path: string): string;
}

/** Unzips the whole archive (small test families) and checks its JSON files against the contract's schemas. */
export function readArchive(bytes: Uint8Array): Archive {
  const raw = unzipSync(bytes);
  const names = Object.keys(raw);
  const root = names[0]!.split('/')[0]!;
  const files: Record<string, Uint8Array> = {};
  for (const [name, data] of Object.entries(raw)) {
    if (!name.startsWith(`${root}/`)) throw new Error(`${name} is outside the archive's folder ${root}`);
    files[name.slice(root.length + 1)] = data;
  }
  const text = (path: string) => {
    const data = files[path];
    if (!data) throw new Error(`no ${path} in the archive (${Object.keys(files).join(', ')})`);
    return new TextDecoder().decode(data);
  };
  const manifest = archiveManifest.parse(JSON.parse(text('manifest.json')));
  const children = manifest.children.map((c) => archiveChild.parse(JSON.parse(text(c.file))));
  return { root, files, manifest, children, text };
}
