// `npm run dict:import -- FILE`: imports an EDICT/EDICT2 file (EUC-JP or UTF-8) into DATA_DIR.
// A running server picks the new dictionary up within a second.
import fs from 'node:fs';
import { parseEnvOrExit } from '../env';
import { createLogger } from '../log';
import { DictImportError, dictDbPath, importEdict } from './importer';

const usage = `Usage: npm run dict:import -- FILE
  FILE  an EDICT or EDICT2 file, EUC-JP or UTF-8 (Debian: apt install edict → /usr/share/edict/edict)
The dictionary is written to DATA_DIR/dict/edict.sqlite (DATA_DIR defaults to ./data).`;

const args = process.argv.slice(2).filter((arg) => arg !== '--');
if (args.length !== 1 || args[0] === '--help' || args[0] === '-h') {
  process.stderr.write(usage + '\n');
  process.exit(args[0] === '--help' || args[0] === '-h' ? 0 : 2);
}
const source = args[0];

const env = parseEnvOrExit();
const log = createLogger(env.LOG_LEVEL === 'silent' ? 'silent' : 'info');

if (!fs.existsSync(source)) {
  process.stderr.write(`No such file: ${source}\nDebian and Ubuntu install one with: sudo apt install edict (→ /usr/share/edict/edict)\n`);
  process.exit(1);
}

const target = dictDbPath(env.dataDir);
log.info('dictionary import started', { source, target });
let lastDecile = 0;
try {
  const result = await importEdict(source, target, {
    onProgress: (progress) => {
      const decile = Math.floor(progress * 10);
      if (decile > lastDecile && decile < 10) {
        lastDecile = decile;
        log.info('dictionary import progress', { percent: decile * 10 });
      }
    },
  });
  log.info('dictionary imported', { source, target, ...result });
} catch (error) {
  const message = error instanceof DictImportError || error instanceof Error ? error.message : String(error);
  log.error('dictionary import failed; the previous dictionary is unchanged', { source, error: message });
  process.exitCode = 1;
}
