/** The first meaningful line of a tool's output, for a one-line error. */
export function oneLine(text: string | undefined): string {
  // eslint-disable-next-line no-control-regex
  const clean = (text ?? '').replace(/\u001b\[[0-9;]*m/g, '');
  return clean.split('\n').map((l) => l.trim()).find(Boolean)?.slice(0, 240) ?? '(no output)';
}
