import { createGuardrails, generate, generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

export const TOTP_ISSUER = 'PaySec';

/**
 * otplib 13 refuses secrets under 16 bytes; the demo account uses the well-known 10-byte
 * JBSWY3DPEHPK3PXP, so accept 10 (new secrets are generated at the default 20 bytes).
 */
const guardrails = createGuardrails({ MIN_SECRET_BYTES: 10 });

export function newTotpSecret(): string {
  return generateSecret();
}

/** One 30-second step of clock drift either way is accepted. */
export async function checkTotp(secret: string, code: string): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false;
  try {
    const result = await verify({ secret, token: code, epochTolerance: 30, guardrails });
    return result.valid;
  } catch {
    return false;
  }
}

/** The current code (tests and tooling). */
export function currentTotp(secret: string): Promise<string> {
  return generate({ secret, guardrails });
}

export async function totpProvisioning(secret: string, email: string): Promise<{ otpauthUrl: string; qrDataUrl: string }> {
  const otpauthUrl = generateURI({ issuer: TOTP_ISSUER, label: email, secret });
  return { otpauthUrl, qrDataUrl: await QRCode.toDataURL(otpauthUrl) };
}
