/**
 * Reads a zip from a local file by its central directory, an entry at a time, never the whole file: what the
 * archive's import needs (domain/archive-import.ts). The export writes sizes only after each entry's data (data
 * descriptors), so a reader must go by the central directory at the end, as this one does. Stored and deflated
 * entries; no ZIP64, encryption or multi-disk archives (the export writes none of them). Every problem is a
 * ZipError whose message says what is wrong with the file.
 *
 * A zip is a list of claims, and a hostile one lies (issue 27): it lists one entry under many names, lets entries
 * overlap so that one deflated stream is read many times, or declares small sizes for data that inflates far
 * larger. So the directory is checked before anything is inflated (each name once, entries that do not overlap, each
 * declared size and their sum within ARCHIVE_BOUNDS), and inflating stops at the declared size.
 */
import { open, type FileHandle } from 'node:fs/promises';
import { crc32, inflateRawSync } from 'node:zlib';

export class ZipError extends Error {}

/**
 * What one archive may expand to. The export's pictures are stored (not deflated), so an archive's expanded size is
 * about its own size: a family of 2,000 works is a zip of about 476 MB. 4 GiB is also the most a zip without ZIP64
 * can address. The largest file read whole is a child.json: 64 MiB is some 50,000 works of one child with long
 * descriptions, and parsing and checking one that size peaks at about 750 MB of memory (the process's resident size,
 * measured with --max-old-space-size=1024); a picture is read up to an upload's size (LIMITS.maxUploadBytes).
 */
export const ARCHIVE_BOUNDS = {
  /** The sum of every entry's declared size. */
  totalBytes: 4 * 1024 * 1024 * 1024,
  /** Any one entry (index.html's data.js, the largest file the import does not read, is smaller than its JSON). */
  entryBytes: 64 * 1024 * 1024,
  /** manifest.json, one child.json. */
  jsonBytes: 64 * 1024 * 1024,
} as const;

export interface ZipEntry {
  name: string;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
  /** Where the next entry (or the directory) starts: this entry's data must end before. */
  end: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

export class ZipReader {
  private constructor(
    private readonly file: FileHandle,
    readonly entries: Map<string, ZipEntry>,
  ) {}

  static async open(path: string): Promise<ZipReader> {
    let file: FileHandle;
    try {
      file = await open(path, 'r');
    } catch (err) {
      throw new ZipError(`cannot open ${path}: ${err instanceof Error ? err.message : String(err)}`);
    }
    try {
      return new ZipReader(file, await centralDirectory(file));
    } catch (err) {
      await file.close();
      throw err;
    }
  }

  /** The entry's bytes, checked against its CRC; refused when larger than `max`. */
  async read(name: string, max: number): Promise<Buffer> {
    const entry = this.entries.get(name);
    if (!entry) throw new ZipError(`${name} is not in the zip`);
    if (entry.size > max || entry.compressedSize > max) throw new ZipError(`${name} is too large (${entry.size} bytes; at most ${max})`);
    const local = Buffer.alloc(30);
    await this.file.read(local, 0, 30, entry.offset);
    if (local.readUInt32LE(0) !== LOCAL) throw new ZipError(`${name}: broken local header`);
    const start = entry.offset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
    if (start + entry.compressedSize > entry.end) throw new ZipError(`${name}: overlaps the next entry of the zip`);
    const raw = Buffer.alloc(entry.compressedSize);
    const { bytesRead } = await this.file.read(raw, 0, entry.compressedSize, start);
    if (bytesRead !== entry.compressedSize) throw new ZipError(`${name}: the zip is cut short`);
    let data: Buffer;
    if (entry.method === 0) data = raw;
    else if (entry.method === 8) {
      try {
        // Never more than the declared size, which the directory's checks bounded: the header can lie.
        data = inflateRawSync(raw, { maxOutputLength: Math.max(1, entry.size) });
      } catch {
        throw new ZipError(`${name}: cannot be decompressed (damaged, or larger than the ${entry.size} bytes it declares)`);
      }
    } else throw new ZipError(`${name}: compression method ${entry.method} is not supported (only stored and deflate)`);
    if (data.length !== entry.size || crc32(data) >>> 0 !== entry.crc) throw new ZipError(`${name}: damaged (its checksum does not match)`);
    return data;
  }

  close(): Promise<void> {
    return this.file.close();
  }
}

async function centralDirectory(file: FileHandle): Promise<Map<string, ZipEntry>> {
  const { size } = await file.stat();
  if (size < 22) throw new ZipError('not a zip file (too short)');
  const tailSize = Math.min(size, 22 + 65_535);
  const tail = Buffer.alloc(tailSize);
  await file.read(tail, 0, tailSize, size - tailSize);
  let at = -1;
  for (let i = tailSize - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD) {
      at = i;
      break;
    }
  }
  if (at < 0) throw new ZipError('not a zip file (no end of central directory): is it the whole download?');
  const count = tail.readUInt16LE(at + 10);
  const cdSize = tail.readUInt32LE(at + 12);
  const cdOffset = tail.readUInt32LE(at + 16);
  if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) throw new ZipError('ZIP64 archives are not supported');
  if (cdOffset + cdSize > size) throw new ZipError('the zip is cut short (its directory points past the end)');
  // 65,535 entries of at most a few hundred bytes each: anything larger is not a directory this reader should load.
  if (cdSize > 64 * 1024 * 1024) throw new ZipError('the zip directory is too large');
  const cd = Buffer.alloc(cdSize);
  await file.read(cd, 0, cdSize, cdOffset);
  const entries = new Map<string, ZipEntry>();
  const spans: { name: string; offset: number; least: number }[] = [];
  let total = 0;
  let p = 0;
  for (let i = 0; i < count; i++) {
    if (p + 46 > cd.length || cd.readUInt32LE(p) !== CENTRAL) throw new ZipError('broken central directory');
    const flags = cd.readUInt16LE(p + 8);
    const nameLength = cd.readUInt16LE(p + 28);
    const extraLength = cd.readUInt16LE(p + 30);
    const commentLength = cd.readUInt16LE(p + 32);
    const name = cd.toString(flags & 0x800 ? 'utf8' : 'latin1', p + 46, p + 46 + nameLength);
    if (flags & 1) throw new ZipError(`${name}: encrypted entries are not supported`);
    const entry: ZipEntry = {
      name,
      method: cd.readUInt16LE(p + 10),
      crc: cd.readUInt32LE(p + 16),
      compressedSize: cd.readUInt32LE(p + 20),
      size: cd.readUInt32LE(p + 24),
      offset: cd.readUInt32LE(p + 42),
      end: cdOffset,
    };
    if (entries.has(name)) throw new ZipError(`${name} is listed more than once in the zip's directory`);
    if (entry.offset + 30 > cdOffset) throw new ZipError(`${name}: points past the zip's entries`);
    if (entry.size > ARCHIVE_BOUNDS.entryBytes) {
      throw new ZipError(`${name} is too large (${entry.size} bytes; an archive's file may have ${ARCHIVE_BOUNDS.entryBytes} at most)`);
    }
    if (entry.method === 0 && entry.compressedSize !== entry.size) throw new ZipError(`${name}: damaged (its sizes do not match)`);
    total += entry.size;
    if (total > ARCHIVE_BOUNDS.totalBytes) throw new ZipError(`the zip expands to more than ${ARCHIVE_BOUNDS.totalBytes} bytes`);
    entries.set(name, entry);
    // The least room the entry takes: its local header with the same name, and its data.
    spans.push({ name, offset: entry.offset, least: 30 + nameLength + entry.compressedSize });
    p += 46 + nameLength + extraLength + commentLength;
  }
  // Entries one after the other, none inside another: each byte of data belongs to one entry, read once.
  spans.sort((a, b) => a.offset - b.offset);
  for (const [i, s] of spans.entries()) {
    const next = spans[i + 1]?.offset ?? cdOffset;
    if (s.offset + s.least > next) throw new ZipError(`${s.name} overlaps another entry of the zip`);
    entries.get(s.name)!.end = next;
  }
  return entries;
}
