/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number>;

/** A throw-away PostgreSQL server (postgres-server.mjs). */
export function startThrowAwayPostgres(): Promise<{
  url: string;
  port: number;
  restartAsync: () => Promise<void>;
  stop: () => void;
}>;
