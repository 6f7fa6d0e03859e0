import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { canonicalHost, isLoopbackHost } from './guards/addresses';
import { loadTlsFiles, type TlsFiles } from './tls';

const origin = z
  .string()
  .trim()
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value.replace(/\/$/, '');
    } catch {
      return false;
    }
  }, 'must be an origin: scheme://host[:port], no path')
  .transform((value) => new URL(value).origin);

const originList = z
  .string()
  .default('')
  .transform((value) => value.split(',').map((part) => part.trim()).filter(Boolean))
  .pipe(z.array(origin));

const commaList = z
  .string()
  .default('')
  .transform((value) => value.split(',').map((part) => part.trim()).filter(Boolean));

/** A host name or IP address as a browser puts it in `Host`, without scheme, port or path. */
const hostName = z
  .string()
  .refine((value) => {
    const bare = value.replace(/^\[(.*)\]$/, '$1');
    return canonicalHost(value) !== undefined && (net.isIPv6(bare) || !value.includes(':'));
  }, 'must be host names or IP addresses (e.g. mypc.local,192.168.1.20), without scheme, port or path')
  .transform((value) => canonicalHost(value)!);

/** Fits a Bearer header and a cookie unquoted; long enough that guessing it over a LAN is hopeless. */
const accessToken = z
  .string()
  .regex(/^[A-Za-z0-9._~+/=-]+$/, 'may contain only letters, digits and . _ ~ + / = -')
  .min(16, 'must be at least 16 characters; e.g. ACCESS_TOKEN=$(openssl rand -hex 32)');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8787),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  UPLOAD_TOKEN: z.string().trim().regex(/^\S+$/, 'must not contain spaces (it travels as `Authorization: Bearer <token>`)').optional(),
  /** Largest file `/api/upload` accepts, in bytes. */
  UPLOAD_MAX_BYTES: z.coerce.number().int('must be a whole number of bytes').positive('must be a positive number of bytes').default(4 * 1024 ** 3),
  ACCESS_TOKEN: accessToken.optional(),
  ALLOWED_HOSTS: commaList.pipe(z.array(hostName)),
  CORS_ORIGINS: originList,
  PROXY_ALLOW_ORIGINS: originList,
  UPSTREAM_NIUTRANS: origin.default('https://api.niutrans.com'),
  UPSTREAM_TTSMP3: origin.default('https://ttsmp3.com'),
  UPSTREAM_NOTION: origin.default('https://api.notion.com'),
  UPSTREAM_XPAN: origin.default('https://pan.baidu.com'),
  /** Where `/api/anki` finds AnkiConnect (docs/environment.md "Server"); often another machine's Anki on the LAN. */
  ANKICONNECT_URL: origin.default('http://127.0.0.1:8765'),
  /** Largest file (or posted text) the Shonagon library imports, in bytes. */
  SHONAGON_MAX_BYTES: z.coerce.number().int().positive().default(200 * 1024 * 1024),
  /** PEM certificate (chain) and private key: both set = HTTPS on PORT (docs/environment.md "Server"). */
  TLS_CERT: z.string().optional(),
  TLS_KEY: z.string().optional(),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /** Where the built web app is; tests and parallel builds point it elsewhere. Not part of the contract. */
  KOTONOHA_DIST_DIR: z.string().default('dist'),
  /** Where the EDICT file is looked for on start-up when the dictionary is empty. */
  KOTONOHA_EDICT_PATH: z.string().default('/usr/share/edict/edict'),
  /** Where KANJIDIC2 (Debian's kanjidic-xml) is looked for on start-up, imported once as the built-in kanji dictionary. */
  KOTONOHA_KANJIDIC_PATH: z.string().default('/usr/share/edict/kanjidic2.xml.gz'),
});

export type Env = z.infer<typeof envSchema> & {
  dataDir: string;
  distDir: string;
  /** HOST in canonical form (see canonicalHost). */
  hostName: string;
  /** HOST is not a loopback address: the server is reachable from other machines. */
  offLoopback: boolean;
  /** The certificate and key read from TLS_CERT and TLS_KEY; unset = plain HTTP. */
  tls: TlsFiles | undefined;
};

export class EnvError extends Error {}

/** Parses the environment once; a bad value stops start-up with a message naming the variable. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const result = envSchema.safeParse(cleaned);
  const problems = result.success ? [] : result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  const hostName = result.success ? canonicalHost(result.data.HOST) : undefined;
  if (result.success && hostName === undefined) problems.push(`  HOST: not an address or host name: ${result.data.HOST}`);
  const offLoopback = hostName !== undefined && !isLoopbackHost(hostName);
  if (result.success && offLoopback && !result.data.ACCESS_TOKEN) {
    problems.push(
      `  ACCESS_TOKEN: HOST=${result.data.HOST} is not a loopback address, so other machines can reach the server and every API route needs an access token.\n` +
        `    Set one, e.g. ACCESS_TOKEN=$(openssl rand -hex 32) HOST=${result.data.HOST} npm start, and enter it in the app when it asks\n` +
        `    (README, "Opening Kotonoha to your phone"); or leave HOST unset to serve only this machine.`,
    );
  }
  const tls = result.success ? loadTlsFiles(result.data.TLS_CERT, result.data.TLS_KEY, problems) : undefined;
  if (!result.success || problems.length > 0) throw new EnvError(`Invalid environment:\n${problems.join('\n')}`);
  return {
    ...result.data,
    dataDir: path.resolve(result.data.DATA_DIR),
    distDir: path.resolve(result.data.KOTONOHA_DIST_DIR),
    hostName: hostName!,
    offLoopback,
    tls,
  };
}

/** For entry points: parse, or print the problem and exit with status 1. */
export function parseEnvOrExit(): Env {
  try {
    return parseEnv();
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    process.stderr.write(error.message + '\n');
    process.exit(1);
  }
}
