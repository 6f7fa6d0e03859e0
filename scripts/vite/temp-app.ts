import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Writes a small app (path → content) into a new temporary folder, for a plugin's test to build; returns the folder. */
export function writeTempApp(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kotonoha-vite-plugin-'));
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), content);
  }
  return root;
}
