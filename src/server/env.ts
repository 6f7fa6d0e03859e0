import path from 'node:path';
import { z } from 'zod';

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

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8787),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  UPLOAD_TOKEN: z.string().optional(),
  PROXY_ALLOW_ORIGINS: originList,
  UPSTREAM_NIUTRANS: origin.default('https://api.niutrans.com'),
  UPSTREAM_TTSMP3: origin.default('https://ttsmp3.com'),
  UPSTREAM_NOTION: origin.default('https://api.notion.com'),
  UPSTREAM_XPAN: origin.default('https://pan.baidu.com'),
  /** Largest file (or posted text) the Shonagon library imports, in bytes. */
  SHONAGON_MAX_BYTES: z.coerce.number().int().positive().default(200 * 1024 * 1024),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /** Where the built web app is; tests and parallel builds point it elsewhere. Not part of the contract. */
  KOTONOHA_DIST_DIR: z.string().default('dist'),
  /** Where the EDICT file is looked for on start-up when the dictionary is empty. */
  KOTONOHA_EDICT_PATH: z.string().default('/usr/share/edict/edict'),
});

export type Env = z.infer<typeof envSchema> & { dataDir: string; distDir: string };

export class EnvError extends Error {}

/** Parses the environment once; a bad value stops start-up with a message naming the variable. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new EnvError(`Invalid environment:\n${lines.join('\n')}`);
  }
  return {
    ...result.data,
    dataDir: path.resolve(result.data.DATA_DIR),
    distDir: path.resolve(result.data.KOTONOHA_DIST_DIR),
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
