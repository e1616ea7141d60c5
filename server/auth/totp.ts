import { generate, generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

export const TOTP_ISSUER = 'PaySec';

export function newTotpSecret(): string {
  return generateSecret();
}

/** One 30-second step of clock drift either way is accepted. */
export async function checkTotp(secret: string, code: string): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false;
  try {
    const result = await verify({ secret, token: code, epochTolerance: 30 });
    return result.valid;
  } catch {
    return false;
  }
}

/** The current code (tests and tooling). */
export function currentTotp(secret: string): Promise<string> {
  return generate({ secret });
}

export async function totpProvisioning(
  secret: string,
  email: string,
): Promise<{ otpauthUrl: string; qrDataUrl: string }> {
  const otpauthUrl = generateURI({ issuer: TOTP_ISSUER, label: email, secret });
  return { otpauthUrl, qrDataUrl: await QRCode.toDataURL(otpauthUrl) };
}
