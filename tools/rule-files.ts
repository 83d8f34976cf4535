/** The `.strata` files below `dir`, in name order, searched recursively (the compare tools' corpus). */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export function ruleFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir).sort()) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) found.push(...ruleFiles(path));
    else if (entry.endsWith('.strata')) found.push(path);
  }
  return found;
}
