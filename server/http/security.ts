import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * helmet with a CSP the SPA can live with: Blueprint sets inline styles, the 2FA QR code is a
 * data: image, a report template's preview is a framed blob: PDF. Plain http on localhost must keep working, so no upgrade-insecure-requests.
 */
export const securityHeaders = helmet({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      workerSrc: ["'self'", 'blob:'],
      // a report template's preview frames the PDF the page fetched with its token (a blob: address)
      frameSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  strictTransportSecurity: false,
});

/** A year, and every subdomain: what browsers' HSTS preload lists ask for. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Strict-Transport-Security only on answers that reached the client over TLS: served over TLS
 * here, or behind a proxy this app trusts (TRUST_PROXY) that says `X-Forwarded-Proto: https` —
 * Express's `req.secure` reads exactly that. Plain http on localhost gets none, so a developer's
 * browser is never pinned to https for localhost; an untrusted peer's header changes nothing.
 */
export const strictTransportSecurity: RequestHandler = (req, res, next) => {
  if (req.secure) res.setHeader('Strict-Transport-Security', HSTS);
  next();
};

/**
 * Powerful browser features the app never uses are off for it and anything it embeds, so an
 * injected script or frame cannot ask for them either. Only features the browsers know: Chromium
 * logs an error on every page for one it does not (`bluetooth` was one).
 */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'serial=()',
  'usb=()',
].join(', ');

export const permissionsPolicy: RequestHandler = (_req, res, next) => {
  res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
  next();
};

/**
 * Gateway answers are one caller's: tokens (sign-in, organisation switch, impersonation), the
 * profile, 2FA secrets. No cache, shared or private, may keep them.
 */
export const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};
