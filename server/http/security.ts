import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * helmet with a CSP the SPA can live with: Blueprint sets inline styles, the 2FA QR code is a
 * data: image. Plain http on localhost must keep working, so no upgrade-insecure-requests.
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
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  strictTransportSecurity: false,
});

/**
 * Gateway answers are one caller's: tokens (sign-in, organisation switch, impersonation), the
 * profile, 2FA secrets. No cache, shared or private, may keep them.
 */
export const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};
