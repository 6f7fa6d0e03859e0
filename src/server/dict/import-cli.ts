// `npm run dict:import -- FILE`: imports a Yomitan dictionary (.zip) or an EDICT/EDICT2 file
// (EUC-JP or UTF-8) into DATA_DIR. A running server picks the new dictionary up at its next lookup.
import fs from 'node:fs';
import { parseEnvOrExit } from '../env';
import { createLogger } from '../log';
import { DictImportError, dictDbPath, importEdict } from './importer';
import { DictionaryLibrary } from './library';
import { DictStore } from './store';

const usage = `Usage: npm run dict:import -- FILE
  FILE  a Yomitan dictionary (.zip: Jitendex, JMdict, KANJIDIC, a frequency or pitch-accent list…),
        or an EDICT or EDICT2 file, EUC-JP or UTF-8 (Debian: apt install edict → /usr/share/edict/edict)
A Yomitan dictionary joins the others under DATA_DIR/dict/dictionaries; EDICT is written to
DATA_DIR/dict/edict.sqlite (DATA_DIR defaults to ./data).`;

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

if (isZip(source)) {
  const store = new DictStore(dictDbPath(env.dataDir));
  const library = new DictionaryLibrary(env.dataDir, store, log, { recover: false });
  const result = await library.importFile(source);
  if (result.state === 'done') log.info('dictionary imported', { source, title: result.title, id: result.dictionaryId, rows: result.rows });
  else {
    log.error('dictionary import failed; nothing of it was kept', { source, code: result.code, error: result.error });
    process.exitCode = 1;
  }
  await library.close();
  store.close();
  process.exit();
}

/** A zip starts with a local file header (PK\3\4), or is empty (PK\5\6). */
function isZip(file: string): boolean {
  const head = Buffer.alloc(4);
  const fd = fs.openSync(file, 'r');
  const read = fs.readSync(fd, head, 0, 4, 0);
  fs.closeSync(fd);
  return read === 4 && head[0] === 0x50 && head[1] === 0x4b && (head[2] === 3 || head[2] === 5);
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
