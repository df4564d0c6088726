/**
 * The loader's view of the disk, injected so tests can count reads or serve files from memory,
 * and so messages name files relative to where the user stands.
 */
import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';

export interface FileSystem {
  /** File contents, or undefined when there is no such file. */
  readText(path: string): string | undefined;
  /** File bytes, or undefined when there is no such file; optional for in-memory views (then `readText` is used). */
  readBytes?(path: string): Uint8Array | undefined;
  exists(path: string): boolean;
  isDirectory(path: string): boolean;
  /** Entry names of a directory (undefined when there is none); optional for in-memory views. */
  listDir?(path: string): string[] | undefined;
  /**
   * The path with every link resolved (undefined when it does not exist); optional for in-memory views, which have no
   * links.
   */
  realPath?(path: string): string | undefined;
}

/** The real disk; paths are shown as the caller wrote them (relative stays relative). */
export function nodeFileSystem(): FileSystem {
  return {
    readText(path) {
      try {
        return readFileSync(path, 'utf8');
      } catch {
        return undefined;
      }
    },
    readBytes(path) {
      try {
        return readFileSync(path);
      } catch {
        return undefined;
      }
    },
    exists: (path) => existsSync(path),
    isDirectory(path) {
      try {
        return statSync(path).isDirectory();
      } catch {
        return false;
      }
    },
    listDir(path) {
      try {
        return readdirSync(path);
      } catch {
        return undefined;
      }
    },
    realPath(path) {
      try {
        return realpathSync.native(path);
      } catch {
        return undefined;
      }
    },
  };
}
