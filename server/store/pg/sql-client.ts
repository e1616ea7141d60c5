/**
 * What the PostgreSQL side of the app (store, jobs, secrets, migration command) talks to: a
 * server through node-postgres, or PGlite (PostgreSQL compiled to WebAssembly, in process) where
 * no server answers. Values always travel as parameters ($1, $2 …), never inside the SQL text.
 */
export interface SqlClient {
  query<R extends Record<string, unknown> = Record<string, unknown>>(
    text: string,
    values?: readonly unknown[],
  ): Promise<{ rows: R[]; rowCount: number }>;
  /**
   * Runs a statement parsed and planned once per connection, under a name of its text (PostgreSQL
   * keeps a generic plan once five runs show it costs no more than planning each): for the fixed
   * statements a request runs every time. A node-postgres pool offers it; PGlite plans each call.
   */
  prepared?<R extends Record<string, unknown> = Record<string, unknown>>(
    text: string,
    values: readonly unknown[],
  ): Promise<{ rows: R[]; rowCount: number }>;
  /**
   * Runs a script of one or more statements without parameters (pg-boss's schema work and locked
   * maintenance, migration files) and answers the last statement's rows. Optional so a wrapper
   * need not offer it; both clients here do.
   */
  exec?(script: string): Promise<{ rows: Record<string, unknown>[] }>;
  /** Runs `work` in one transaction on one connection: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: SqlClient) => Promise<T>): Promise<T>;
  /**
   * Runs `work` while a transaction on a connection of its own — never one of the pool's, so holding
   * a lock never takes a connection its work needs — holds `pg_advisory_xact_lock(hashtext(key))`.
   * `holder` is that transaction: further locks the work takes join it. Released (rolled back, it
   * wrote nothing) once work settles. A node-postgres pool offers it; PGlite (one session) cannot.
   */
  holdLock?<T>(key: string, work: (holder: SqlClient) => Promise<T>): Promise<T>;
  /** PGlite: the one session every client over that instance shares (their stores share in-process locks). */
  readonly session?: object;
  /** The PostgreSQL schema this client's tables live in (search_path); 'public' unless a test isolates itself. */
  readonly schema: string;
  /** 'server' (node-postgres pool, a connection string other processes can share) or 'pglite' (this process only). */
  readonly engine: 'server' | 'pglite';
  /** For pg-boss and other instances: the connection string ('server' engine only). */
  readonly connectionString?: string;
  close(): Promise<void>;
}
