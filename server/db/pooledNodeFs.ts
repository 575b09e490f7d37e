// The embedded database's folder, as PGlite's NodeFS mounts it (emscripten's NODEFS), with two
// things kept between statements that PostgreSQL asks the file system for again and again:
//
// - Open files. PGlite's PostgreSQL keeps only a few dozen files open (what its probe of usable
//   descriptors finds under WebAssembly; 30 tables read in turn, 60 files, already reopen every
//   one), and a list call's statements use more: the session's tables, the listed table and its
//   indexes. So it closed and reopened ~60 files a call, each a path walk in JavaScript and an
//   open(2) and close(2): ~20 % of a narrow search's CPU (bench/listLatency.ts). Here a closed
//   file's descriptor goes back to a pool and the next open of the same path and flags takes it.
// - File sizes. The planner asks each relation's size (lseek to the end) for every statement
//   it plans, which NODEFS answers with an fstat(2). Only this process writes the folder
//   (PostgreSQL's postmaster.pid keeps a second one out), so a size once read is kept and
//   moved by the writes and truncations that go through here.
//
// Nothing else changes: reads and writes go to the same descriptors of the same files, at the
// positions PostgreSQL gives; a descriptor is never shared by two open files at once. A path
// that is removed or renamed loses its pooled descriptors first, so a new file at the same
// path is opened afresh. Opens that create, truncate or append are not pooled.

import * as fs from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/** The most descriptors kept open while unused; the least recently used are closed past it. */
export const MAX_POOLED_FILES = 512;

// musl's open flags as emscripten passes them: an open with any of these is not pooled.
const O_CREAT = 0o100;
const O_EXCL = 0o200;
const O_TRUNC = 0o1000;
const O_APPEND = 0o2000;
const NOT_POOLED = O_CREAT | O_EXCL | O_TRUNC | O_APPEND;
const SEEK_END = 2;
const EINVAL = 28;

/* eslint-disable @typescript-eslint/no-explicit-any -- emscripten's FS objects are untyped */
type EmscriptenModule = { FS: any };
type PostgresOptions = Parameters<NodeFS['init']>[1];

interface PooledStream {
  node: object & { mode: number };
  flags: number;
  nfd?: number;
  position: number;
  shared: { refcount: number };
  /** Set on a stream whose descriptor goes back to the pool when it closes. */
  poolKey?: string;
  poolPath?: string;
  /** The path's generation when opened: a path removed or renamed meanwhile has another, and the descriptor is closed. */
  poolGeneration?: number;
}

export class PooledNodeFS extends NodeFS {
  /** Pool key (flags and path) → unused descriptors; a Map keeps the least recently used first. */
  private readonly idle = new Map<string, number[]>();
  private idleCount = 0;
  private mounted = false;
  /** Path → how many times it was removed or renamed while a pooled stream had it open. */
  private readonly generations = new Map<string, number>();
  /** Path → how many pooled streams have it open now. */
  private readonly inUse = new Map<string, number>();

  constructor(dataDir: string) {
    super(dataDir);
  }

  /** How many unused descriptors the pool holds (tests). */
  get pooledFiles(): number {
    return this.idleCount;
  }

  override async init(pg: PGlite, options: PostgresOptions) {
    // PGlite hands its options, this file system among them, to the PGlite it starts to run
    // initdb in a folder without a database; two PGlites on one pool would close each other's
    // files. openEmbedded (openDatabase.ts) makes the database in a new folder with a plain PGlite first.
    if (this.mounted) throw new Error('A PooledNodeFS serves one PGlite: make the database in the folder first');
    this.mounted = true;
    const result = await super.init(pg, options);
    const mount = result.emscriptenOpts.preRun ?? [];
    // NodeFS mounts NODEFS in a preRun; its operations are wrapped before that.
    result.emscriptenOpts.preRun = [(module: EmscriptenModule) => this.wrap(module), ...(Array.isArray(mount) ? mount : [mount])];
    return result;
  }

  override async closeFs(): Promise<void> {
    await super.closeFs();
    for (const fds of this.idle.values()) for (const fd of fds) fs.closeSync(fd);
    this.idle.clear();
    this.idleCount = 0;
  }

  private generation(path: string): number {
    return this.generations.get(path) ?? 0;
  }

  private evict(path: string): void {
    // Only a path open now needs a new generation: the streams that have it open close their descriptors.
    if (this.inUse.has(path)) this.generations.set(path, this.generation(path) + 1);
    for (const [key, fds] of this.idle) {
      if (key.slice(key.indexOf('\u0000') + 1) !== path) continue;
      for (const fd of fds) fs.closeSync(fd);
      this.idleCount -= fds.length;
      this.idle.delete(key);
    }
  }

  private evictUnder(dir: string): void {
    const under = (path: string) => path.startsWith(`${dir}/`);
    for (const path of [...this.inUse.keys()].filter(under)) this.evict(path);
    for (const key of [...this.idle.keys()]) {
      const path = key.slice(key.indexOf('\u0000') + 1);
      if (under(path)) this.evict(path);
    }
  }

  private release(key: string, fd: number): void {
    const fds = this.idle.get(key) ?? [];
    this.idle.delete(key);
    fds.push(fd);
    this.idle.set(key, fds);
    this.idleCount++;
    while (this.idleCount > MAX_POOLED_FILES) {
      const [oldest, list] = this.idle.entries().next().value as [string, number[]];
      fs.closeSync(list.shift()!);
      this.idleCount--;
      if (list.length === 0) this.idle.delete(oldest);
    }
  }

  private wrap({ FS }: EmscriptenModule): void {
    const NODEFS = FS.filesystems.NODEFS;
    const streams = NODEFS.stream_ops;
    const nodes = NODEFS.node_ops;
    const { open, close, write, llseek } = streams;
    const { unlink, rename, rmdir, setattr } = nodes;
    const sizes = new WeakMap<object, number>();
    const pooled = (stream: PooledStream) => FS.isFile(stream.node.mode) && (stream.flags & NOT_POOLED) === 0;

    streams.open = (stream: PooledStream) => {
      if (!pooled(stream)) return open(stream);
      const path: string = NODEFS.realPath(stream.node);
      const key = `${stream.flags}\u0000${path}`;
      const fds = this.idle.get(key);
      if (fds?.length) {
        stream.nfd = fds.pop();
        this.idleCount--;
        if (fds.length === 0) this.idle.delete(key);
        stream.shared.refcount = 1;
      } else {
        open(stream);
      }
      stream.poolKey = key;
      stream.poolPath = path;
      stream.poolGeneration = this.generation(path);
      this.inUse.set(path, (this.inUse.get(path) ?? 0) + 1);
    };
    streams.close = (stream: PooledStream) => {
      if (stream.poolKey === undefined || stream.nfd === undefined) return close(stream);
      if (--stream.shared.refcount !== 0) return;
      const path = stream.poolPath!;
      const current = this.generation(path) === stream.poolGeneration;
      const stillOpen = (this.inUse.get(path) ?? 1) - 1;
      if (stillOpen > 0) {
        this.inUse.set(path, stillOpen);
      } else {
        this.inUse.delete(path);
        this.generations.delete(path);
      }
      if (current) this.release(stream.poolKey, stream.nfd);
      else fs.closeSync(stream.nfd);
    };
    streams.write = (stream: PooledStream, buffer: unknown, offset: number, length: number, position: number) => {
      const written: number = write(stream, buffer, offset, length, position);
      const size = sizes.get(stream.node);
      if (size !== undefined) sizes.set(stream.node, Math.max(size, position + written));
      return written;
    };
    streams.llseek = (stream: PooledStream, offset: number, whence: number) => {
      if (whence !== SEEK_END || !FS.isFile(stream.node.mode) || stream.nfd === undefined) return llseek(stream, offset, whence);
      let size = sizes.get(stream.node);
      if (size === undefined) {
        size = fs.fstatSync(stream.nfd).size;
        sizes.set(stream.node, size);
      }
      const position = size + offset;
      if (position < 0) throw new FS.ErrnoError(EINVAL);
      return position;
    };
    nodes.setattr = (node: object, attr: { size?: number }) => {
      if (attr.size !== undefined) sizes.delete(node);
      return setattr(node, attr);
    };
    nodes.unlink = (parent: object, name: string) => {
      this.evict(`${NODEFS.realPath(parent)}/${name}`);
      return unlink(parent, name);
    };
    nodes.rmdir = (parent: object, name: string) => {
      this.evictUnder(`${NODEFS.realPath(parent)}/${name}`);
      return rmdir(parent, name);
    };
    nodes.rename = (node: object, dir: object, name: string) => {
      const from = NODEFS.realPath(node);
      this.evict(from);
      this.evictUnder(from);
      this.evict(`${NODEFS.realPath(dir)}/${name}`);
      return rename(node, dir, name);
    };
  }
}
/* eslint-enable @typescript-eslint/no-explicit-any */
