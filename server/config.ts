/** Every environment variable the service reads, with its default. The README's table mirrors this. */
export interface Config {
  port: number;
  host: string;
  /** Absolute base URL used in documents and problem types; default: the request's own origin. */
  publicBaseUrl: string | null;
  databaseUrl: string | null;
  sqlitePath: string;
  /** Trust X-Forwarded-For / X-Forwarded-Proto from these proxy addresses (comma-separated; empty = none). */
  trustedProxies: string[];
  logLevel: 'silent' | 'error' | 'info' | 'debug';
  payTo: string | null;
  facilitatorUrl: string | null;
  facilitatorPrivateKey: string | null;
  rpcUrl: string | null;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const list = (value: string | undefined) => (value ?? '').split(',').map((item) => item.trim()).filter(Boolean);
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    publicBaseUrl: env.PUBLIC_BASE_URL ? env.PUBLIC_BASE_URL.replace(/\/+$/, '') : null,
    databaseUrl: env.DATABASE_URL || null,
    sqlitePath: env.SQLITE_PATH ?? './data/service.sqlite',
    trustedProxies: list(env.TRUSTED_PROXIES),
    logLevel: (env.LOG_LEVEL as Config['logLevel']) ?? 'info',
    payTo: env.PAY_TO_ADDRESS || null,
    facilitatorUrl: env.FACILITATOR_URL || null,
    facilitatorPrivateKey: env.FACILITATOR_PRIVATE_KEY || null,
    rpcUrl: env.RPC_URL || null,
  };
}

export const paymentsEnabled = (config: Config) =>
  !!config.payTo && (!!config.facilitatorUrl || (!!config.facilitatorPrivateKey && !!config.rpcUrl));
