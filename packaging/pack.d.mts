/** Packs the repository in a scratch copy (`npm pack` there); returns the tarball and the copy's directory. */
export declare function packRepository(destination?: string): { tarball: string; sources: string };
