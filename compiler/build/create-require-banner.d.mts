/** The banner of every ESM bundle esbuild makes here: defines `require` for bundled CommonJS code. */
export declare const CREATE_REQUIRE_BANNER: string;
