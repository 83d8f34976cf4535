/** `strata variants FILE`: the base game and each variant, with its title and what it extends. */
import { columns } from '../format.js';
import { compileOrFail } from '../load.js';

export async function variantsCommand(file: string): Promise<number> {
  const { ir } = await compileOrFail(file);
  const rows = ir.variants.map((v) => [v.name, v.title ? `"${v.title}"` : '', v.base === null ? '(base game)' : `extends ${v.base}`]);
  for (const line of columns(rows)) console.log(line.trimEnd());
  return 0;
}
