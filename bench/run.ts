// `npm run bench`: runs every bench/*.bench.ts and prints one JSON line per figure.
import fs from 'node:fs';
import path from 'node:path';

export interface Figure {
  name: string;
  value: number;
  unit: string;
  budget?: number;
  /** Whether the figure is within budget (value <= budget unless `higherIsBetter`). */
  ok?: boolean;
  higherIsBetter?: boolean;
  [extra: string]: unknown;
}

const only = process.argv.slice(2);
const files = fs
  .readdirSync(import.meta.dirname)
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => only.length === 0 || only.some((name) => file.includes(name)))
  .sort();

let failed = false;
for (const file of files) {
  const module = (await import(path.join(import.meta.dirname, file))) as { default: () => Promise<Figure[]> };
  try {
    for (const figure of await module.default()) {
      if (figure.budget !== undefined) figure.ok = figure.higherIsBetter ? figure.value >= figure.budget : figure.value <= figure.budget;
      console.log(JSON.stringify({ bench: file.replace('.bench.ts', ''), ...figure }));
    }
  } catch (error) {
    failed = true;
    console.log(JSON.stringify({ bench: file.replace('.bench.ts', ''), error: error instanceof Error ? error.message : String(error) }));
  }
}
process.exitCode = failed ? 1 : 0;
