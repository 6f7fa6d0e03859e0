import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The repository is its own documentation (docs/architecture.md "Where a new thing goes"): code
 * comments name a doc inside the repository by path and heading (`docs/api.md "Errors"`), never a
 * document that only exists outside it.
 */
const root = path.resolve(import.meta.dirname, '..');

/** What a newcomer with only the repository could not follow. Spelled in pieces so this file does not match itself. */
const outsideReference = new RegExp(['CONTR', 'ACT\\.md|\\bCONTR', 'ACT\\b|sha', 'red/|ARCHITEC', 'TURE\\.md|\\u00a7[0-9]|wire', ' doc\\b'].join(''));
const scanned = ['src', 'e2e', 'test-support', 'scripts', 'bench', 'eslint.config.js', 'vite.config.ts', 'playwright.config.ts', 'README.md', 'docs'];
const textFile = /\.(ts|tsx|js|mjs|cjs|css|md|json|sh)$/;

function files(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '--', ...scanned], { cwd: root, encoding: 'utf8' });
  return [...new Set(listed.split('\n'))].filter((file) => textFile.test(file) && fs.existsSync(path.join(root, file)));
}

const lines = files().flatMap((file) =>
  fs
    .readFileSync(path.join(root, file), 'utf8')
    .split('\n')
    .map((text, index) => ({ where: `${file}:${index + 1}`, text })),
);

/** `docs/….md`, and the quoted heading right after it when there is one. */
const docReference = /\bdocs\/([\w./-]+\.md)(?: "([^"]+)")?/g;

function headings(file: string): Set<string> {
  const text = fs.readFileSync(path.join(root, 'docs', file), 'utf8');
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((match) => match[1].trim()));
}

describe('references to documentation', () => {
  it('name no document outside the repository', () => {
    const outside = lines.filter((line) => outsideReference.test(line.text)).map((line) => `${line.where}: ${line.text.trim()}`);
    expect(outside).toEqual([]);
  });

  it('name docs that exist, by headings they have', () => {
    const broken: string[] = [];
    const known = new Map<string, Set<string> | null>();
    for (const line of lines) {
      for (const [, file, heading] of line.text.matchAll(docReference)) {
        if (!known.has(file)) known.set(file, fs.existsSync(path.join(root, 'docs', file)) ? headings(file) : null);
        const found = known.get(file);
        if (!found) broken.push(`${line.where}: docs/${file} does not exist`);
        else if (heading && !found.has(heading)) broken.push(`${line.where}: docs/${file} has no heading "${heading}"`);
      }
    }
    expect(broken).toEqual([]);
  });
});
