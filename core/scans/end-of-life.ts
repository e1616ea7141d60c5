/**
 * Matching service banners ("nginx/1.18.0", "SSH-2.0-OpenSSH_7.4", "PHP/7.2.34") against an
 * end-of-life table (server/scans/data/end-of-life.json, dates from endoflife.date). A release
 * line past its end of life is unsupported software, an automatic ASV failure.
 */

export interface EolProduct {
  product: string;
  /** A regular expression whose first group captures the version. */
  pattern: string;
  /** Release lines, each "major.minor" (or "major"), with the date support ended or ends. */
  cycles: { cycle: string; eol: string }[];
  /** Versions below this one carry a named vulnerability (CVSS), whatever the release line. */
  vulnerableBelow?: { version: string; cve: string; cvss: number };
}

export interface EolTable {
  checkedAt: string;
  products: EolProduct[];
}

export interface BannerVerdict {
  product: string;
  version: string;
  banner: string;
  cycle?: string;
  eol?: string;
  endOfLife: boolean;
  vulnerability?: { cve: string; cvss: number };
}

function parts(version: string): number[] {
  return version.split(/[.p]/).map((part) => Number.parseInt(part, 10) || 0);
}

/** Negative when a < b, as numbers part by part ("1.10" > "1.9"). */
export function compareVersions(a: string, b: string): number {
  const left = parts(a);
  const right = parts(b);
  for (let i = 0; i < Math.max(left.length, right.length); i += 1) {
    const difference = (left[i] ?? 0) - (right[i] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

function cycleOf(version: string, cycles: EolProduct['cycles']): EolProduct['cycles'][number] | undefined {
  return cycles
    .filter((entry) => version === entry.cycle || version.startsWith(`${entry.cycle}.`))
    .sort((a, b) => b.cycle.length - a.cycle.length)[0];
}

/** Every product the banner names, with whether its release line has reached end of life on `today`. */
export function judgeBanner(banner: string, table: EolTable, today: string): BannerVerdict[] {
  const verdicts: BannerVerdict[] = [];
  for (const entry of table.products) {
    const version = new RegExp(entry.pattern, 'i').exec(banner)?.[1];
    if (!version) continue;
    const cycle = cycleOf(version, entry.cycles);
    const oldest = [...entry.cycles].sort((a, b) => compareVersions(a.cycle, b.cycle))[0];
    // a version older than every listed line is older than the oldest line, so past its end too
    const older = !cycle && oldest !== undefined && compareVersions(version, oldest.cycle) < 0;
    const endOfLife = older || (cycle !== undefined && cycle.eol <= today);
    const vulnerable =
      entry.vulnerableBelow && compareVersions(version, entry.vulnerableBelow.version) < 0
        ? { cve: entry.vulnerableBelow.cve, cvss: entry.vulnerableBelow.cvss }
        : undefined;
    verdicts.push({
      product: entry.product,
      version,
      banner,
      cycle: cycle?.cycle,
      eol: cycle?.eol ?? (older ? oldest?.eol : undefined),
      endOfLife,
      vulnerability: vulnerable,
    });
  }
  return verdicts;
}
