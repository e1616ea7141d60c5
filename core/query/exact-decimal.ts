/**
 * Exact sums of the numbers as JSON writes them, so the embedded store adds up 0.1 + 0.2 as
 * PostgreSQL's numeric does (0.3), not as doubles do (0.30000000000000004): both stores then answer
 * the same sum, turned into a number once at the end (Number of the exact text, correctly rounded).
 */

interface Decimal {
  /** the digits as an integer */
  coefficient: bigint;
  /** the power of ten it is scaled by */
  exponent: number;
}

const NUMBER_TEXT = /^(-?)([0-9]+)(?:\.([0-9]+))?(?:e([+-]?[0-9]+))?$/;

/** A number's text (a finite number's shortest, as JSON.stringify writes it, or a numeric's) as a decimal. */
function decimalOf(text: string): Decimal {
  const match = NUMBER_TEXT.exec(text);
  if (!match) throw new Error(`Not a decimal: ${text}`);
  const [, sign, whole, fraction = '', power = '0'] = match;
  const coefficient = BigInt(`${sign}${whole}${fraction}`);
  return { coefficient, exponent: Number(power) - fraction.length };
}

/** A decimal as plain text (no exponent), the form PostgreSQL's numeric prints. */
function textOf({ coefficient, exponent }: Decimal): string {
  if (exponent >= 0) return (coefficient * 10n ** BigInt(exponent)).toString();
  const negative = coefficient < 0n;
  const digits = (negative ? -coefficient : coefficient).toString().padStart(-exponent + 1, '0');
  const point = digits.length + exponent;
  return `${negative ? '-' : ''}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** A running exact sum of finite numbers; `text()` is '0' before any. */
export class ExactSum {
  private total: Decimal = { coefficient: 0n, exponent: 0 };

  add(value: number): void {
    this.addDecimal(decimalOf(String(value)));
  }

  /** Adds a sum as PostgreSQL's numeric prints it (digits, a sign and a point). */
  addText(text: string): void {
    this.addDecimal(decimalOf(text));
  }

  private addDecimal(next: Decimal): void {
    const exponent = Math.min(this.total.exponent, next.exponent);
    const scaled = (d: Decimal) => d.coefficient * 10n ** BigInt(d.exponent - exponent);
    this.total = { coefficient: scaled(this.total) + scaled(next), exponent };
  }

  /** Takes a number added before back out (a sliding window's oldest), exactly. */
  subtract(value: number): void {
    this.add(-value);
  }

  text(): string {
    return textOf(this.total);
  }
}
