export declare const ICONS_VERSION: string;
export declare const ICON_SIZES: number[];
export declare function iconJson(size: number, name: string): string | null;
export declare function iconFiles(): Generator<[string, string]>;
