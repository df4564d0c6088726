/**
 * Applies a SQLite WAL log to the bytes of its database, the way SQLite's own recovery reads a log
 * (fileformat2.html, "WAL file format"): the header's magic, version, page size and checksum; then
 * frames while their salts match the header's and their cumulative checksum holds; only frames up
 * to the last commit frame count, and that frame gives the database's size in pages. The query
 * process (`sqlite-host.ts`) uses it to read a database in WAL mode as an in-memory image, so that
 * SQLite never opens the file (a read-only connection would still create `-wal` and `-shm` files
 * beside it, and write to the `-shm` of a live writer).
 *
 * Self-contained: the query process receives this function as source text.
 */

/**
 * The database with the log's committed transactions applied (the image itself when the log holds
 * none, or is not a valid log); undefined when the result would be larger than `maxBytes`. `image`
 * may be changed in place.
 */
export function applyWalLog(image: Buffer, wal: Buffer, maxBytes: number): Buffer | undefined {
  if (wal.length < 32) return image;
  const magic = wal.readUInt32BE(0);
  const pageSize = wal.readUInt32BE(8);
  if ((magic !== 0x377f0682 && magic !== 0x377f0683) || wal.readUInt32BE(4) !== 3007000) return image;
  if (pageSize < 512 || pageSize > 65536 || (pageSize & (pageSize - 1)) !== 0) return image;
  // Checksums read the content as 32-bit words, big-endian when the magic's low bit says so.
  const word = magic & 1 ? (at: number) => wal.readUInt32BE(at) : (at: number) => wal.readUInt32LE(at);
  let s0 = 0;
  let s1 = 0;
  const sum = (from: number, to: number): void => {
    for (let at = from; at < to; at += 8) {
      s0 = (s0 + word(at) + s1) >>> 0;
      s1 = (s1 + word(at + 4) + s0) >>> 0;
    }
  };
  sum(0, 24);
  if (s0 !== wal.readUInt32BE(24) || s1 !== wal.readUInt32BE(28)) return image;
  const salts = wal.readBigUInt64BE(16);
  const frameSize = 24 + pageSize;
  /** Page number → offset of its latest committed content in the log. */
  const committed = new Map<number, number>();
  let uncommitted = new Map<number, number>();
  let pages = 0;
  for (let at = 32; at + frameSize <= wal.length; at += frameSize) {
    const page = wal.readUInt32BE(at);
    // A frame of an earlier log (other salts) or a torn write (checksum) ends the log.
    if (page === 0 || wal.readBigUInt64BE(at + 8) !== salts) break;
    sum(at, at + 8);
    sum(at + 24, at + frameSize);
    if (s0 !== wal.readUInt32BE(at + 16) || s1 !== wal.readUInt32BE(at + 20)) break;
    uncommitted.set(page, at + 24);
    const pagesAfterCommit = wal.readUInt32BE(at + 4);
    if (pagesAfterCommit === 0) continue;
    for (const [p, offset] of uncommitted) committed.set(p, offset);
    uncommitted = new Map();
    pages = pagesAfterCommit;
  }
  if (pages === 0) return image;
  const size = pages * pageSize;
  if (size > maxBytes) return undefined;
  // In place when the database did not grow.
  let out = image.subarray(0, size);
  if (image.length < size) {
    out = Buffer.alloc(size);
    image.copy(out);
  }
  for (const [page, offset] of committed)
    if (page <= pages) wal.copy(out, (page - 1) * pageSize, offset, offset + pageSize);
  return out;
}
