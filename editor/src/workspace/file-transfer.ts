/** Moving files between the editor and the designer's disk: downloads and the file picker. */

/** Offers `text` as a download named `name`. */
export function download(name: string, text: string, type = 'text/plain'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The files a designer picked in an `<input type=file>`, as name and text. */
export async function readPicked(input: HTMLInputElement): Promise<{ name: string; text: string }[]> {
  const files = [...(input.files ?? [])];
  const read = await Promise.all(files.map(async (f) => ({ name: f.name, text: await f.text() })));
  input.value = '';
  return read;
}
