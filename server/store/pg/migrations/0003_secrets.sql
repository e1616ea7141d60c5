-- Secrets every instance must share, by name: the JWT signing key ('jwt') when JWT_SECRET is not
-- set (server/auth/jwt-secret.ts). Written once (INSERT … ON CONFLICT DO NOTHING), never updated.
CREATE TABLE secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
