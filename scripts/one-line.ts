import { stripVTControlCharacters } from 'node:util';

/** The first meaningful line of a tool's output, for a one-line error. */
export function oneLine(text: string | undefined): string {
  const clean = stripVTControlCharacters(text ?? '');
  return (
    clean
      .split('\n')
      .map((l) => l.trim())
      .find(Boolean)
      ?.slice(0, 240) ?? '(no output)'
  );
}
