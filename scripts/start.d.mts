export interface BuildStamp {
  digest: string;
  builtAt: string;
  /** The server build's: the digest of the seed files it judged (server/check-seeds.ts). */
  judgedSeeds?: string;
}
export declare const ROOT: string;
export declare const CLIENT_INPUTS: string[];
export declare const SERVER_INPUTS: string[];
export declare function inputsDigest(root: string, inputs: string[], extra?: string): Promise<string>;
export declare function isBuildCurrent(
  root: string,
  stampFile: string,
  digest: string,
  outputs: string[],
): Promise<boolean>;
export declare const BUILDS: Record<
  'client' | 'server',
  { inputs: string[]; outputs: string[]; stamp: string; extra(): string; build(root: string): Promise<object> }
>;
export declare function ensureBuild(
  root: string,
  name: 'client' | 'server',
  options?: { force?: boolean; log?: (message: string) => void },
): Promise<BuildStamp | null>;
