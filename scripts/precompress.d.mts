export declare const PRECOMPRESSED_EXTENSIONS: string[];
export declare const PRECOMPRESS_THRESHOLD: number;
export declare function precompressDir(dir: string): Promise<{ files: number; bytes: number; brotliBytes: number }>;
